class t(Data $p) {}
class { 't': p => [/x/] }
