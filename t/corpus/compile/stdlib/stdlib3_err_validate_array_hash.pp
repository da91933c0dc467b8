validate_array({'a' => 1})
