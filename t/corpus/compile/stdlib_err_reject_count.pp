reject(['a'])
