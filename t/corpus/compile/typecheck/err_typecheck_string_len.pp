class t(String[1, 3] $p) {}
class { 't': p => 'abcd' }
