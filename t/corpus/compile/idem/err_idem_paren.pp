notify { 'a': }
(1 + 2)
notify { 'b': }
