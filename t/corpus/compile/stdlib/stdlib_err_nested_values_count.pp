$x = stdlib::nested_values()
