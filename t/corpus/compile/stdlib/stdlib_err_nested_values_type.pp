$x = stdlib::nested_values([1])
