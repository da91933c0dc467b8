shellquote(1)
