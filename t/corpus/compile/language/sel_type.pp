notify { 'a': message => 42 ? { String => 'str', Integer => 'int', default => 'other' } }
