notify { 'x': message => hiera_hash('nokey') }
