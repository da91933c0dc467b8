notify { 'a': message => 0.1 + 0.2 }
notify { 'b': message => 1.0 }
notify { 'c': message => 3.0 * 2 }
notify { 'd': message => 1e3 }
notify { 'e': message => 1.5e-3 }
notify { 'f': message => 7.0 / 2 }
