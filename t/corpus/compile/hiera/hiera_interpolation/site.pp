# Interpolation in data values: variables (facts, top scope, classes) and the
# lookup, hiera, scope and literal functions.
$role = 'web'
$role_name_var = 'set in site.pp'
notify { 'facts dotted': message => lookup('facts_dotted') }
notify { 'legacy top': message => lookup('legacy_top') }
notify { 'plain var': message => lookup('plain_var') }
notify { 'scope fn': message => lookup('scope_fn') }
notify { 'lookup fn': message => lookup('lookup_fn') }
notify { 'hiera fn': message => lookup('hiera_fn') }
notify { 'nested': message => lookup('nested') }
notify { 'literal': message => lookup('literal') }
notify { 'missing lookup': message => lookup('missing_lookup') }
notify { 'empty': message => lookup('empty') }
notify { 'spaces': message => lookup('spaces') }
notify { 'structured': message => lookup('structured') }
notify { 'missing index': message => lookup('missing_index') }
notify { 'in keys': message => lookup('in_keys') }
include app
