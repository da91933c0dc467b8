$a = '10'
$b = 9
file { '/tmp/mcomp-corpus/out': content => template('m/t.erb') }
