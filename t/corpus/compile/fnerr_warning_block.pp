warning('x') |$x| { $x }
