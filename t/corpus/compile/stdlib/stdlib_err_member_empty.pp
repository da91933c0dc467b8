$x = member(['a'], [])
