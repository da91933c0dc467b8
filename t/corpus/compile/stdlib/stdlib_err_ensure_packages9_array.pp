stdlib::ensure_packages(['a', 1])
