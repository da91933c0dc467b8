notify { 'x': message => lookup(['first_key', 'second_key']) }
