notify { 'a': }
default
notify { 'b': }
