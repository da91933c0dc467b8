join_keys_to_values({'a' => 1}, 1)
