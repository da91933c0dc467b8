$n = 5
$f = 3.14159
$p = 'x'
file { '/tmp/mcomp-corpus/out': content => template('m/t.erb') }
