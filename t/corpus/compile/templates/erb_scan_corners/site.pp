$l = ['a', 'b']
notify { 'main': message => template('m/main.erb') }
notify { 'comment_first': message => template('m/comment_first.erb') }
notify { 'unclosed': message => template('m/unclosed.erb') }
notify { 'inline': message => inline_template("i<%= 1 %>\t<%- 2 -%>\n<%% %%>\n<%= __LINE__ -%>") }
