notice(rstrip(true))
