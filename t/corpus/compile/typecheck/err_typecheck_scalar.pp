class t(Scalar $p) {}
class { 't': p => [1] }
