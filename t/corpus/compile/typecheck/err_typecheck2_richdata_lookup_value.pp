type Cfg = Hash[String, Puppet::LookupValue]
class t(Cfg $p) {}
class { 't': p => { 'a' => { default => 1 } } }
