$x = 'top'
class m::c { $y = 'cls'
file { '/tmp/mcomp-corpus/out': content => template('m/t.erb') } }
include m::c
