$net = '10.1.0.0/16'
$ip = '10.1.2.3'
file { '/tmp/mcomp-corpus/out': content => template('m/t.erb') }
