class m::base { $from_base = 'base' }
class m::child inherits m::base {
  $own = 'own'
  file { '/tmp/mcomp-corpus/out': content => template('m/t.erb') }
}
include m::child
