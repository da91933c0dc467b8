notice(Binary('a!b'))
