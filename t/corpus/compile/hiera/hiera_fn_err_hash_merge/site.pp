notify { 'x': message => hiera_hash('a') }
