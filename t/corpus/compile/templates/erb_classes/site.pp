class m::a { notify { 'in a': } }
class m::b { }
include m::a
class m {
  file { '/tmp/mcomp-corpus/out': content => template('m/t.erb') }
}
include m
include m::b
