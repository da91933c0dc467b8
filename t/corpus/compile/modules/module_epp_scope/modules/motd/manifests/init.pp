class motd ($greeting = 'Welcome') {
  file { '/tmp/mcomp-corpus/motd':
    content => epp('motd/motd.epp'),
  }
}
