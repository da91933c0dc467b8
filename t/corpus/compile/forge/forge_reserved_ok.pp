# type names Puppet does not reserve for definitions, and 'plan' (a warning only)
define data() { notify { "data ${title}": } }
define callable() {}
define notundef() {}
define richdata() {}
define uri() {}
define binary() {}
define error() {}
define deferred() {}
define unit::x() { notify { "unit::x ${title}": } }
class plan { notify { 'plan': } }
include plan
data { 'x': }
unit::x { 'y': }
