function f($a = 1) { $a }
notice(f(1, 2))
