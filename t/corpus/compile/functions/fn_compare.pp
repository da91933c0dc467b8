notify { "c": message => [compare(1, 2), compare(2.5, 1), compare("a", "B"), compare("a", "B", false), compare("x", "x")] }
