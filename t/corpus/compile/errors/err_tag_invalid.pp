# a tag value that is not a valid tag fails (the name downcased)
notify { 'ok': tag => ['x.y', 'Foo::Bar', 5] }
notify { 'a': tag => [['a'], 'B C'] }
