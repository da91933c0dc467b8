notify { 'c': message => m::chatty('it') }
