type Cfg = Struct[{ host => String, port => Integer }]
class t(Array[Cfg] $p) {}
class { 't': p => [{ 'host' => 'h', 'port' => 'x' }] }
