function f(String $s, Tuple[String, Integer] $t = ['a', 1]) { $t }
notice(f('x', [1, 'a']))
