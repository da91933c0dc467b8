notify { 'x': message => enclose_ipv6('') }
