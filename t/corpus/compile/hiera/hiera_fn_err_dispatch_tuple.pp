notify { 'x': message => hiera_hash([1]) }
