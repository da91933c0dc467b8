notify { 'a': }
File
notify { 'b': }
