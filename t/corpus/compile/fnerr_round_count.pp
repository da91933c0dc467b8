notice(round())
