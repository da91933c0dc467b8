define d(Variant[Integer[1, 5], Integer[6, 10], Integer[12, 15]] $p) {}
d { 'x': p => 11 }
