$type = 'abc'
notify { 'a': message => "${type == 'abc'}" }
