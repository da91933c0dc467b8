notice(lstrip(true))
