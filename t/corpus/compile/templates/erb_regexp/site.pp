$ip = '192.168.1.20'
$s = 'key=value; k2=v2'
file { '/tmp/mcomp-corpus/out': content => template('m/t.erb') }
