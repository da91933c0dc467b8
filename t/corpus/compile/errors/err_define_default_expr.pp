define d($p = 1 + []) {}

d { 'a': }
