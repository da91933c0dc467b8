notice(flatten([1]) |$x| { $x })
