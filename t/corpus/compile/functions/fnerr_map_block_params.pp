notice(map([1]) |$a, $b, $c| { $a })
