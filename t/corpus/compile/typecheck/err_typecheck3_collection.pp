define d(Collection $c) {}
d { 'x': c => 'abc' }
