stdlib::ensure(true, 'user')
