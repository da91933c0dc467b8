notify { "a": message => 1e308 * 10 }
