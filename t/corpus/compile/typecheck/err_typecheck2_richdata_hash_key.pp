class t(RichData $p) {}
class { 't': p => { true => 1 } }
