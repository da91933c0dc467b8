notify { 'x': message => m::multi('medium', 'yes') }
