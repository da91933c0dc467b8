notify { 'a': }
Integer[1, 2]
notify { 'b': }
