notice(digest('a', 'b'))
