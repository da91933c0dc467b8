$i = 7
$neg = -3
$f = 1.5
$big = 9223372036854775807
$hex = 0x1f
file { '/tmp/mcomp-corpus/out': content => template('m/t.erb') }
