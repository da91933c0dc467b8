$x = lookup('a')
notify { $x: }
