$x = member('a', 'a')
