stdlib::ensure('latest', 'package')
