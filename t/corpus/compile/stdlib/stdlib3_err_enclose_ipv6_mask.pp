notify { 'x': message => enclose_ipv6('1.2.3.4/255.0.255.0') }
