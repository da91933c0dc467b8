# Comment tags (<%# %>): opening a template, with and without trimming,
# mid-line, several on a line, over several lines, and magic comments.
$x = 'ex'
notify { 'lead_trim': message => template('m/lead_trim.erb') }
notify { 'lead_dash': message => template('m/lead_dash.erb') }
notify { 'several': message => template('m/several.erb') }
notify { 'lead_multi': message => template('m/lead_multi.erb') }
notify { 'lead_close_twice': message => template('m/lead_close_twice.erb') }
notify { 'lead_magic': message => template('m/lead_magic.erb') }
notify { 'lead_frozen': message => template('m/lead_frozen.erb') }
notify { 'lead_crlf': message => template('m/lead_crlf.erb') }
notify { 'inline': message => inline_template("<%# c -%>\nin <%= @x %><%# d %>!") }
