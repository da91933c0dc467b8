notice(length(1))
