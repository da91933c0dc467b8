stdlib::str2resource('nope')
