notify { 'x': message => template('mymod/x.erb') }
