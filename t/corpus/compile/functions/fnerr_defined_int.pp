notice(defined(1))
