ensure_packages(1)
