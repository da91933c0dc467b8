getparam(File['/x'], 1)
