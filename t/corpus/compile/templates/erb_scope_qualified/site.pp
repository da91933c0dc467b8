class m::params { $port = 8080 }
class m { include m::params
 $local = 'l'
file { '/tmp/mcomp-corpus/out': content => template('m/t.erb') } }
include m
