file { '/tmp/mcomp-corpus/gone':
  ensure => absent,
}
