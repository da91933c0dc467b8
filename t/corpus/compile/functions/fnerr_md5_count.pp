md5('a', 'b')
