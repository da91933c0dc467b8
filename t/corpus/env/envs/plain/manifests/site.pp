# an environment without environment.conf: modules/ then the base module path
include tool
include common
notify { 'plain': message => lookup('plain::value', String, 'first', 'none') }
