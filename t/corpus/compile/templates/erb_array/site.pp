$a = [1, 'two', 3.0, true, undef]
file { '/tmp/mcomp-corpus/out': content => template('m/t.erb') }
