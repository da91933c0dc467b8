notify { 'a': message => '3' + 4 }
notify { 'b': message => '1.5' * 2 }
notify { 'c': message => '0x10' + 0 }
notify { 'd': message => -'5' }
