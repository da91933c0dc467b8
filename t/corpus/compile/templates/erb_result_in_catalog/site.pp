$x = template('m/t.erb')
notify { 'n': message => "got ${x}" }
notify { 'len': message => length($x) }
