ensure_packages(['a', ''])
