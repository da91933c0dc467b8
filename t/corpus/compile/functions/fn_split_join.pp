$parts = split('a,b,,c', ',')
notify { 'split': message => $parts }
notify { 'join': message => join(['x', 'y', 'z'], '-') }
notify { 'split_re': message => split('a1b22c', /\d+/) }
notify { 'join_num': message => join([1, 2], '') }
