notice(get({a => 1}, 'a.b.c'))
