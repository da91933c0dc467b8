notify { 'z': }
notify { 'a': }
