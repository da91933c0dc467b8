notice(min(1, 2) |$a| { $a })
