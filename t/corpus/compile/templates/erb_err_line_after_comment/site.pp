notify { 'n': message => template('m/t.erb') }
