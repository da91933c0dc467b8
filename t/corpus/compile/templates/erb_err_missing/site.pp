file { '/tmp/mcomp-corpus/out': content => template('m/missing.erb') }
