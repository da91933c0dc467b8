class a {
  File { mode => '0600' }
  include b
}
class b {
  file { '/tmp/mcomp-corpus/b': ensure => file }
}
include a
