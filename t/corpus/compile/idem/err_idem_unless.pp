$x = 1
unless $x == 1 { 2 }
notify { 'a': }
