$r = [1, 2].map |$x| { notify { "n${x}": message => if $x == 1 { next('skipped') } else { 'kept' } } 'done' }
notify { 'r': message => $r }
