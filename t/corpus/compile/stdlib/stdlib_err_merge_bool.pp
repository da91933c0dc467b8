$x = merge(true) |$a, $b| { {} }
