seeded_rand_string(3, 'a', 'x')
