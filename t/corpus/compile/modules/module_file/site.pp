notify { 'conf':
  message => file('ntp/x.conf'),
}
file { '/tmp/mcomp-corpus/ntp.conf':
  content => file('ntp/missing.conf', 'ntp/x.conf'),
}
