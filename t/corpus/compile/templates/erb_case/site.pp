$osname = 'Debian'
$n = 7
file { '/tmp/mcomp-corpus/out': content => template('m/t.erb') }
