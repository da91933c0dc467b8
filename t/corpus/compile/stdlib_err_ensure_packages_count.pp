ensure_packages()
