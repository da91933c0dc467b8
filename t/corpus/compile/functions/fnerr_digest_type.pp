notice(digest(1))
