define d(Hash[String, RichData] $p) {}
d { 'x': p => { 'a' => 1, 'b' => { 'c' => { true => 2 } } } }
