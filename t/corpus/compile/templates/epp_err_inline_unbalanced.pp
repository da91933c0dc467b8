notify { 'n': message => inline_epp('x <% $a = 1') }
