stdlib::ensure_packages()
