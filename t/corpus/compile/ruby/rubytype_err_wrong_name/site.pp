notify { 'n': }
wname { 'x': }
