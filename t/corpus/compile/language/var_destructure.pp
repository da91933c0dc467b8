[$a, $b] = [1, 'two']
notify { 'd': message => "${a} ${b}" }
