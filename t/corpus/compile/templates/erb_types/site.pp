$t = Integer[1, 2]
$s = String
$o = Optional[Enum['a', 'b']]
file { '/tmp/mcomp-corpus/out': content => template('m/t.erb') }
