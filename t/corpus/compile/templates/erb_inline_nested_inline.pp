$x = 'deep'
notify { 'n': message => inline_template('[<%= scope.call_function("inline_template", ["<%= @x %" + ">"]) %>]') }
