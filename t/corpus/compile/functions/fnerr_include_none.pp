include()
