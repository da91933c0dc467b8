generate('echo', 'x')
