# a variable of a class never evaluated is an unknown variable, as Puppet 7 words it
notify { "b${nosuch::y}": }
