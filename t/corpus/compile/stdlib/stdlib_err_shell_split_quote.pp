shell_split('a "b')
