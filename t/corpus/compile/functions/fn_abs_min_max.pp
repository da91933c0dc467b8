notify { 'abs': message => abs(-5) }
notify { 'absf': message => abs(-2.5) }
notify { 'min': message => min(3, 1, 2) }
notify { 'max': message => max(3, 1, 2) }
notify { 'maxf': message => max(1, 2.5) }
