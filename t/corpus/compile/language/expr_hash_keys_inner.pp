notify { 'k': message => { [1.5, 1e20, 100.0, default, Sensitive('s'), /r\/x/, undef, true, "q\"\n", {'a' => [1]}] => 1 } }
