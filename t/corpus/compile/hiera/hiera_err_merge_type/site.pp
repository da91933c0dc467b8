# lookup_options say hash, but the data is an Array
notify { 'x': message => lookup('users') }
