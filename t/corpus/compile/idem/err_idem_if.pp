$x = 1
if $x == 1 { 'one' } else { 'other' }
notify { 'a': }
