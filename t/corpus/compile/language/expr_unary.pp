$n = 5
notify { 'a': message => -$n }
notify { 'b': message => - -$n }
notify { 'c': message => !$n }
