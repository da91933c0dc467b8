seeded_rand_string(1)
