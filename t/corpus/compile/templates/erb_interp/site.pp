$svc = 'web'
$port = 80
file { '/tmp/mcomp-corpus/out': content => template('m/t.erb') }
