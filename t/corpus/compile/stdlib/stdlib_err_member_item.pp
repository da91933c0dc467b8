$x = member(['a'], {'a' => 1})
