notice(with(1))
