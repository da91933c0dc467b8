define d(Data $p) {}
d { 'x': p => { 'a' => [1, /x/] } }
