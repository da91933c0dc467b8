define d() {
  file { '/tmp/x':
    ensure => file,
  }
}
d { 'a': }
d { 'b': }
