notice(sort([2, 1]) |$a| { 0 })
