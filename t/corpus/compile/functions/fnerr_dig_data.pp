notice(dig('x', 1))
