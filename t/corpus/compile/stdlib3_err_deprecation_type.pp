deprecation('k', 1)
