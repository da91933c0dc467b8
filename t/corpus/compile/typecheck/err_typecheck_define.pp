define d(Array[String] $p) {}
d { 'x': p => ['a', 1] }
