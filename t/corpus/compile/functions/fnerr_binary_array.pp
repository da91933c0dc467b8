notice(Binary([1, 256]))
