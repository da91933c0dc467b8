type Port = Integer[1, 65535]
class t(Port $p) {}
class { 't': p => 70000 }
