notify { 'a': message => true and false or true }
notify { 'b': message => !true or !false }
notify { 'c': message => true and !(false or false) }
notify { 'd': message => undef or 0 }
notify { 'e': message => '' and 'x' }
