notify { 'c': }
notify { 'b': }
notify { 'a': }
Notify['a'] -> Notify['b'] -> Notify['c']
notify { 'last': }
