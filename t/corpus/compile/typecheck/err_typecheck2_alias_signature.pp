type Level = Integer[1, 10]
function f(Level $x, Tuple[Level, String] $y = [1, 'a']) { $x }
notice(f(1, ['a', 1]))
