file { '/tmp/mcomp-corpus/copy':
  use => File['/tmp/mcomp-corpus/nope'],
}
