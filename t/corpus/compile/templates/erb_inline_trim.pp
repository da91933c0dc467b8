$l = ['a', 'b']
notify { 'n': message => inline_template("<% @l.each do |x| -%>\n<%= x %>\n<% end -%>\n") }
