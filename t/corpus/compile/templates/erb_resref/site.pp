$r = File['/tmp/x']
$c = Class['foo']
$n = Notify[a]
file { '/tmp/mcomp-corpus/out': content => template('m/t.erb') }
