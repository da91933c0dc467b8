define d(Variant[NotUndef[String], NotUndef[Integer]] $p) {}
d { 'x': p => [1] }
