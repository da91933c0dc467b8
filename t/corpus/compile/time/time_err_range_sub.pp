$a = Timespan(-9223372036854775807)
notify { 'x': message => String($a - 2.5) }
