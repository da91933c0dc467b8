notify { 'x': message => hiera('nokey') }
