$x = 1
file { '/tmp/mcomp-corpus/out': content => template('m/t.erb') }
