# a version 4 environment hiera.yaml: lookup() reads it, the hiera
# functions do not (they want version 5, else only the global layer)
notify { 'hiera': message => hiera('a', 'not found') }
notify { 'hiera_module': message => hiera('m::x', 'not found') }
notify { 'lookup': message => lookup('a', undef, undef, 'not found') }
