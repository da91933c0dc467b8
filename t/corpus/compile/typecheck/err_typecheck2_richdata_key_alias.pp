class t(Hash[RichDataKey, Integer] $p) {}
class { 't': p => { true => 1 } }
