notify { 'n': message => inline_epp('a
<%= $x + %>
') }
