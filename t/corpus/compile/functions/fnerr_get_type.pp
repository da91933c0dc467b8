notice(get({a => 1}, 1))
