notify { 'shout': message => shout('hi') }
notify { 'count0': message => count_args() }
notify { 'count3': message => count_args('a', 2, true) }
notify { 'two': message => at_least_two(1, 2) }
notify { 'four': message => at_least_two(1, 2, 3, 4) }
record('x')
$r = record('y')
notify { 'statement': message => "[${r}] ${r =~ Undef}" }
