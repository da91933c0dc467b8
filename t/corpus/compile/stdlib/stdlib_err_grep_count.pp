grep(['a'])
