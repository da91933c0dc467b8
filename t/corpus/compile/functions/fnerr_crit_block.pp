crit('a', 'b') |$x| { $x }
