class ntp ($servers = []) {
  file { '/tmp/mcomp-corpus/ntp.conf':
    content => epp('ntp/ntp.conf.epp', { 'servers' => $servers, 'fqdn' => $facts['networking']['fqdn'] }),
  }
}
