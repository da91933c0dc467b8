$x = raw_template('m/missing.erb')
