$s = 'café ñ 日本'
file { '/tmp/mcomp-corpus/out': content => template('m/t.erb') }
