notify { 'strip': message => strip("  x  ") }
notify { 'lstrip': message => lstrip("  x  ") }
notify { 'rstrip': message => rstrip("  x  ") }
notify { 'chomp': message => chomp("line\n") }
notify { 'chomp2': message => chomp("line\r\n") }
