notify { 'x': message => lookup('good') }
