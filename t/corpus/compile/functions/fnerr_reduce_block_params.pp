notice(reduce([1, 2]) |$x| { $x })
