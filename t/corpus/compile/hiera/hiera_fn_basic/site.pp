# hiera(): merge first, from the environment layer (and module data)
notify { 'hiera': message => hiera('a') }
notify { 'hiera_default': message => hiera('missing', 'dflt') }
notify { 'hiera_undef_default': message => String(hiera('missing', undef)) }
notify { 'hiera_found_undef': message => String(hiera('n', 'dd')) }
notify { 'hiera_dotted': message => hiera('h.k1') }
notify { 'hiera_module': message => hiera('m::x') }
# the override (a Hiera 3 level) changes nothing without a Hiera 3 global layer
notify { 'hiera_override': message => hiera('a', 'd', 'common') }
notify { 'hiera_override_array': message => hiera('a', 'd', ['common', 'nodes/x']) }
# blocks: called with the key when nothing is found
notify { 'hiera_block': message => hiera('missing2') |$k| { "block ${k}" } }
notify { 'hiera_block_override': message => hiera('missing', 'ovr') |$k| { "b ${k}" } }
notify { 'hiera_block_found': message => hiera('a') |$k| { "b ${k}" } }
notify { 'hiera_block_optional': message => hiera('missing') |$k, $x = 'x'| { "${k} ${x}" } }
# an explicit merge: lookup_options' merge is not used, convert_to is
notify { 'hiera_options_merge': message => hiera('opt') }
notify { 'hiera_convert_to': message => hiera('num') }
# hiera_array(): unique merge; hiera_hash(): hash merge
notify { 'hiera_array': message => hiera_array('arr') }
notify { 'hiera_array_scalar': message => hiera_array('str') }
notify { 'hiera_array_default': message => hiera_array('missing', ['d']) }
notify { 'hiera_array_default_scalar': message => hiera_array('missing', 'd') }
notify { 'hiera_array_module': message => hiera_array('m::arr') }
notify { 'hiera_hash': message => hiera_hash('h') }
notify { 'hiera_hash_default': message => hiera_hash('missing', {'d' => 1}) }
notify { 'hiera_hash_override': message => hiera_hash('h', {}, ['common']) }
# hiera_include(): classes found with a unique merge; nothing for an empty default
hiera_include('classes')
hiera_include('missing', ['m::two'])
hiera_include('missing2', [])
