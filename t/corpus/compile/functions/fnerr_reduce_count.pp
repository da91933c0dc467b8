notice(reduce([1], 2, 3) |$a, $b| { $a })
