$x = member(['a'])
