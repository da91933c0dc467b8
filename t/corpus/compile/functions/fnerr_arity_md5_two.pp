notice(md5('a', 'b'))
