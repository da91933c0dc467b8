hash('a')
