# no environment hiera.yaml: the hiera functions see only the (empty) global
# layer, not module data, where lookup() finds it
notify { 'hiera': message => hiera('m::x', 'not found') }
notify { 'lookup': message => lookup('m::x', undef, undef, 'not found') }
notify { 'hiera_array': message => hiera_array('m::arr', ['nf']) }
notify { 'hiera_hash': message => hiera_hash('m::h', {'nf' => 1}) }
hiera_include('m::classes', [])
