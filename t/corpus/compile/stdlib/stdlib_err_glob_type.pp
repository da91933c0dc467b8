glob(1)
