class t(Boolean $p) {}
class { 't': p => 'yes' }
