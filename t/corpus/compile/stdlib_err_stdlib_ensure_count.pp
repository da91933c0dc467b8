stdlib::ensure(true)
