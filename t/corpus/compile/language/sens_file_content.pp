file { '/tmp/mcomp-corpus/secret':
  ensure  => file,
  content => Sensitive('secret'),
}
