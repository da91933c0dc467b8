function f(Variant[Integer[1, 5], Integer[3, 10], Float[1.0, 2.0], Float[1.5, 3.0]] $n) { $n }
notice(f(11))
