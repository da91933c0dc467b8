notify { 'a': }
notify { 'b': }
notify { 'a': }
