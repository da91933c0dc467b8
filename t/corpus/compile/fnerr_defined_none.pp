notice(defined())
