ensure_packages('a', 'b')
