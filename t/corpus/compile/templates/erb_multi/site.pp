$x = 'shared'
file { '/tmp/mcomp-corpus/out': content => template('m/a.erb', 'm/b.erb', 'm/a.erb') }
