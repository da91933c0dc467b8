notify { 'is_integer': message => [is_integer(1), is_integer('1'), is_integer('-12'), is_integer('01'), is_integer('1.0'), is_integer(1.0), is_integer("x\n3"), is_integer(undef), is_integer([])] }
notify { 'is_numeric': message => [is_numeric(1), is_numeric(1.5), is_numeric('1.5'), is_numeric('-1e5'), is_numeric('1.'), is_numeric('0x1'), is_numeric(undef), is_numeric(true)] }
notify { 'is_float': message => [is_float(1.5), is_float(1), is_float('1.5'), is_float('1.50'), is_float('1e5'), is_float('100000000000000000000.0'), is_float('1.0e+20'), is_float(undef)] }
notify { 'is_bool': message => [is_bool(true), is_bool(false), is_bool('true'), is_bool(undef)] }
notify { 'is_absolute_path': message => [is_absolute_path('/a'), is_absolute_path('a/b'), is_absolute_path('C:\\x'), is_absolute_path('\\\\srv\\share'), is_absolute_path(undef), is_absolute_path(['/a'])] }
notify { 'is_mac_address': message => [is_mac_address('00:1a:2B:3c:4d:5e'), is_mac_address('0:1:2:3:4:5'), is_mac_address('00:1a:2b:3c:4d'), is_mac_address(undef)] }
notify { 'is_email_address': message => [is_email_address('a.b@example.com'), is_email_address('a@b'), is_email_address('a@Example.com'), is_email_address(undef)] }
