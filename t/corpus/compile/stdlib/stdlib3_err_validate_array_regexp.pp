validate_array({'r' => [/x/, 1]})
