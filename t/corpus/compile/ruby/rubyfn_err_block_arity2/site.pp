$x = m::maybe('s') |$a, $b| { $a }
