# a define may not take the name of a Puppet type
define unit() {}
