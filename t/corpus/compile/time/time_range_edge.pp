# The largest values mcomp holds (64-bit seconds either way), as Puppet prints them
$max = Timespan(9223372036854775807)
$min = Timespan(-9223372036854775807) - 1
notify { 'max': message => String($max) }
notify { 'min': message => String($min) }
notify { 'sum': message => String($max + $min) }
notify { 'half': message => String(($max / 2) * 2) }
notify { 'ts': message => String(Timestamp(9223372036854775807)) }
notify { 'tsmin': message => String(Timestamp(-9223372036854775807) - 1) }
