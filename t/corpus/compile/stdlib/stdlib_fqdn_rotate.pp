notify { 'array': message => fqdn_rotate(['a', 'b', 'c', 'd', 'e']) }
notify { 'seeded': message => fqdn_rotate(['a', 'b', 'c', 'd', 'e'], 'seed') }
notify { 'seeded2': message => fqdn_rotate([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 'x', 3) }
notify { 'string': message => fqdn_rotate('abcdefgh') }
notify { 'one': message => fqdn_rotate(['a']) }
notify { 'empty': message => fqdn_rotate([]) }
notify { 'emptystr': message => fqdn_rotate('') }
notify { 'many': message => fqdn_rotate(range(1, 40)) }
