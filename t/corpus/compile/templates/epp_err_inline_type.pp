notify { 'n': message => inline_epp('<%- | Integer $x | -%>x', { 'x' => 'a' }) }
