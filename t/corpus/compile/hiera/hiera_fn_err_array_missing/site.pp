notify { 'x': message => hiera_array('nokey') }
