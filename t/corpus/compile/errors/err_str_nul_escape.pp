notify { "a\u0000b": }
