notify { 'x': message => to_yaml(Mymod::Path) }
