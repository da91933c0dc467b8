type Level = Variant[Integer[1, 5], Integer[6, 10]]
function f(Level $l) { $l }
notice(f(11))
