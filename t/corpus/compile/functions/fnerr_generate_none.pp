generate()
