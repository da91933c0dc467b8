function f(Enum['b', 'a', 'B', 'a'] $e) { $e }
notice(f('x'))
