ensure_packages('')
