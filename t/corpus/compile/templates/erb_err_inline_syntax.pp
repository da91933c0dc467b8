$x = 1
notify { 'n': message => inline_template('<% if @x %>never closed') }
