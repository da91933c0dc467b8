$x = 'world'
notify { 'n': message => inline_template('Hello <%= @x %>!') }
