notify { 'x': message => enclose_ipv6(['::1', 'foo']) }
