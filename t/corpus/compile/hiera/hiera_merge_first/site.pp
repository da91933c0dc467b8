# first (the default): the highest-priority value, nothing merged
notify { 'default': message => lookup('users') }
notify { 'first': message => lookup('users', Array, 'first') }
notify { 'first hash': message => lookup('users', Array, { 'strategy' => 'first' }) }
notify { 'default name': message => lookup('users', Array, 'default') }
notify { 'undef merge': message => lookup('users', undef, undef, []) }
# an explicit merge beats lookup_options (sysctl says hash)
notify { 'sysctl first': message => lookup('sysctl', Hash, 'first') }
notify { 'sysctl options': message => lookup('sysctl') }
notify { 'only common': message => lookup('only_common') }
# environment before module for a class parameter
include profile
