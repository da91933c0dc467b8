count([1], 1, 2)
