$who = 'world'
notify { 'a': message => inline_epp('hello <%= $who %>!') }
notify { 'b': message => inline_epp('<%- | $n | -%>n=<%= $n %>', { 'n' => 5 }) }
notify { 'c': message => inline_epp("<% [1, 2].each |\$i| { -%>[<%= \$i %>]<% } -%>") }
