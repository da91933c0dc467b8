count()
