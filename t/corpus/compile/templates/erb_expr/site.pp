$x = 'world'
$n = 42
file { '/tmp/mcomp-corpus/out': content => template('m/t.erb') }
