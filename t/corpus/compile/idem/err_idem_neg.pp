notify { 'a': }
-1
notify { 'b': }
