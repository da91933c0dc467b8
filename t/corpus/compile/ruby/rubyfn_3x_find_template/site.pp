notify { 'raw': message => raw_template('m/a.erb', 'm/b.erb') }
