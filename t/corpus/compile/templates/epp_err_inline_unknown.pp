notify { 'n': message => inline_epp('<%- | $x | -%>x', { 'y' => 'a' }) }
