notify { 'x': message => enclose_ipv6('1:2:3:4:5:6:7::8') }
