notify { 'x': message => lookup('list', Array, 'union') }
