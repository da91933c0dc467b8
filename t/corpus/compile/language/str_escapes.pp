notify { 'dq': message => "n:\n t:\t d:\$ q:\" b:\\ u:\u{263A} u4:\u263A s:\s" }
notify { 'sq': message => 'n:\n q:\' b:\\ d:$x' }
