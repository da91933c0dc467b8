class t(Struct[{ host => String }] $p) {}
class { 't': p => { 'host' => 'h', 'x' => 1 } }
