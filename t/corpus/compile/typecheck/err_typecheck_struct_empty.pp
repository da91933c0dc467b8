class t(Struct[{ a => Integer, b => String }] $p) {}
class { 't': p => {} }
