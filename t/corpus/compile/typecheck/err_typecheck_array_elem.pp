class t(Array[Integer] $p) {}
class { 't': p => [1, 'a'] }
