$t = Integer[1, 5]
$r = File['/tmp/y']
file { '/tmp/mcomp-corpus/out': content => template('m/t.erb') }
