$a = [1]
$h = {}
$s = 's'
$i = 1
$f = 1.0
$b = true
file { '/tmp/mcomp-corpus/out': content => template('m/t.erb') }
