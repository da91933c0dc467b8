notify { 'seeded_rand': message => [seeded_rand(100, 'a'), seeded_rand(100, 'b'), seeded_rand('1000000', 'seed'), seeded_rand(1, 'x'), seeded_rand(4611686018427387904, 'big')] }
notify { 'seeded_rand_string': message => [seeded_rand_string(8, 'a'), seeded_rand_string(12, 'seed', 'ab'), seeded_rand_string(5, 'x', 'αβγ')] }
notify { 'fqdn_rand_string': message => [fqdn_rand_string(10), fqdn_rand_string(6, 'xyz'), fqdn_rand_string(8, undef, 'seed'), fqdn_rand_string('4', '', 'a', 'b')] }
