notify { 'a': }
notify { 'b': }
notify { 'c': }
Notify['a'] <- Notify['b']
Notify['a'] <~ Notify['c']
