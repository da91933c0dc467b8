$x = has_key(['a'], 'a')
