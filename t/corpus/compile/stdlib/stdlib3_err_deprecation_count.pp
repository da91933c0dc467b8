deprecation('k')
