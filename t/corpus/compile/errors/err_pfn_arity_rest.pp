function f($a, *$r) { $a }
notice(f())
