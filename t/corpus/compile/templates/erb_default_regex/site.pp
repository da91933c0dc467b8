$d = default
$r = /ab+c/
file { '/tmp/mcomp-corpus/out': content => template('m/t.erb') }
