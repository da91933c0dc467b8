notify { 'a': message => pair_first(['x', 'y']) }
notify { 'b': message => pair_second(['x', 'y']) }
