$x = 'v'
notify { 'n': message => inline_template('a=<%= @x %>;', 'b=<%= @x.upcase %>;', "c\n") }
