file { '/tmp/mcomp-corpus/src':
  source => 'puppet:///modules/ntp/x.conf',
}
