notify { 'n': message => inline_epp("a <%= 1 %> <% 'last' %>") }
