notify { 'x': message => hiera_array('a', 1, 2, 3) }
