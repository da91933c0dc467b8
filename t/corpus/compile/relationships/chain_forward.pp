Notify['a'] -> Notify['b']
notify { 'a': }
notify { 'b': }
