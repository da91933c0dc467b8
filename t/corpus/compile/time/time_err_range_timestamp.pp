$a = Timestamp(9223372036854775807)
notify { 'x': message => String($a + Timespan(1)) }
