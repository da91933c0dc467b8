file { '/tmp/mcomp-corpus/audited':
  audit => ['mode', 'owner'],
}
