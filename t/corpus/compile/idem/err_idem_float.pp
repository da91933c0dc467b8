notify { 'a': }
  1.5
notify { 'b': }
