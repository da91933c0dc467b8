function f() { 1 }
notice(f(1, 2))
