notify { 'x': message => to_json([Mymod::Path, Data]) }
