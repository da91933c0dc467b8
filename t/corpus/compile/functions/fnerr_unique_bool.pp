notice(unique(true))
