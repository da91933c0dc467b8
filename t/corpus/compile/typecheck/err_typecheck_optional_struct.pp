class t(Optional[Struct[{ a => Integer }]] $p) {}
class { 't': p => { 'a' => 'x' } }
