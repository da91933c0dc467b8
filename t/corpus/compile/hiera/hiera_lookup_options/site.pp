# the environment's options for a key beat the module's (db::tuning: first, not deep);
# the module's own options reach its class parameters
include db
# lookup_options in data choose the merge when lookup() names none
notify { 'rules': message => lookup('firewall::rules') }
notify { 'pattern': message => lookup('limits_web') }
notify { 'exact beats pattern': message => lookup('limits_db') }
notify { 'from lower level': message => lookup('from_node') }
notify { 'explicit merge wins': message => lookup('firewall::rules', Hash, 'first') }
# convert_to: new(Type, value)
notify { 'secret': message => lookup('secret::password') }
notify { 'port': message => lookup('port_as_int') }
notify { 'array': message => lookup('tags_as_array') }
