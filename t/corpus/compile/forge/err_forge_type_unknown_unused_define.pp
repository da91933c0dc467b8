# the define is never declared: Puppet still evaluates its parameter types when it loads the file
define d(Nosuch $x) {}
notify { 'x': }
