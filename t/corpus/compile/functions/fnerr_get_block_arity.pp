notice(get({a => 1}, 'a.b') |$x, $y| { 1 })
