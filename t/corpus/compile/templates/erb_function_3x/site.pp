$a = ['b', 'a', 'c']
file { '/tmp/mcomp-corpus/out': content => template('m/t.erb') }
