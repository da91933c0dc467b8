class t(Struct[{ host => String, port => Integer }] $p) {}
class { 't': p => { 'host' => 'h', 'port' => 'x' } }
