$x = calls_missing()
