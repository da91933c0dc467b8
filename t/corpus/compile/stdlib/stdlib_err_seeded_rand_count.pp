seeded_rand(10)
