notify { 'a': message => 1 + 2 == 3 and !false }
notify { 'b': message => 2 * 3 + 4 * 5 }
notify { 'c': message => 2 + 3 << 1 }
notify { 'd': message => -2 * -3 }
notify { 'e': message => 10 - 4 / 2 }
