$x = 'a'
$u = undef
class m::c($p = 'param') { $l = 'local'
file { '/tmp/mcomp-corpus/out': content => template('m/t.erb') } }
include m::c
