notify { 'a': }
'just a string'
notify { 'b': }
