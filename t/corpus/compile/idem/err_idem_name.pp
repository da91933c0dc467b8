# crit is not a statement function: the name crit, then a string
notify { 'a': }
crit 'x'
notify { 'b': }
