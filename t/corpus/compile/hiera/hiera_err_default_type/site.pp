notify { 'x': message => lookup('absent', Integer, 'first', 'not a number') }
