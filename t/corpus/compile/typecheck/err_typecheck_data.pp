class t(Data $p) {}
class { 't': p => { 'a' => /x/ } }
