notify { 'size': message => size([1, 2]) }
