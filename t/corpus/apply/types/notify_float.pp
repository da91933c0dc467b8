notify { 'f': message => 10.0 }
notify { 'g': message => 1e15 }
notify { 'h': message => 100.5 }
