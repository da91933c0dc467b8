notify { 'x': message => enclose_ipv6('1.2.3.04') }
