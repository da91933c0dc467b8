file { '/tmp/mcomp-corpus/out': content => template('nomod/t.erb') }
