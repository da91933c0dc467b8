class m($servers = ['a', 'b'], $opt = undef, $enabled = true) {
  file { '/tmp/mcomp-corpus/out': content => template('m/t.erb') }
}
class { 'm': servers => ['ntp1', 'ntp2'] }
