notify { 'x': message => m::noblock(1) |$x| { $x } }
