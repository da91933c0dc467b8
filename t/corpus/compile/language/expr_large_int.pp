notify { 'a': message => 9223372036854775807 }
notify { 'b': message => 4294967296 * 2 }
