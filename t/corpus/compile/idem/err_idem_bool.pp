notify { 'a': }
true
notify { 'b': }
