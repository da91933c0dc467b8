stdlib::ensure_packages('a', 'b')
