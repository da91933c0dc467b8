notify { "c": message => compare(1, "a") }
