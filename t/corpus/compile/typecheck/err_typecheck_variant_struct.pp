class t(Variant[Struct[{ a => Integer }], Struct[{ b => String }]] $p) {}
class { 't': p => { 'a' => 'x' } }
