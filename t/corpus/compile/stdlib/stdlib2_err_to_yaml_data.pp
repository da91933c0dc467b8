notify { 'x': message => to_yaml(Data) }
