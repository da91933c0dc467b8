notice(Error('a', 'b', 'c', 'd', 'e'))
