assert_type(Tuple[Float[1, 2], Integer[1, default], String[1, default], Integer[default, 0]], [3.0, 0, '', 1])
