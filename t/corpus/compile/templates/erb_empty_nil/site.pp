$e = []
$eh = {}
$s = ''
$u = undef
file { '/tmp/mcomp-corpus/out': content => template('m/t.erb') }
