assert_type(Variant[Float[1.0, 2.0], Float[2.0, 4.0], Integer[0, 1]], 5.0)
