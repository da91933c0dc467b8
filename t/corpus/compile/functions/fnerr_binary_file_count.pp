notice(binary_file('mm/a.txt', 'x'))
