class t(Struct[{ a => Array[Integer], Optional[b] => String }] $p) {}
class { 't': p => { 'a' => [1, 'x'], 'b' => 2, 'c' => 3 } }
