$a = [3, 1, 2]
file { '/tmp/mcomp-corpus/out': content => template('m/t.erb') }
