class base {
  file { '/tmp/mcomp-corpus/o':
    ensure => file,
    mode   => '0644',
  }
}
class sub inherits base {
  File['/tmp/mcomp-corpus/o'] {
    mode => '0600',
  }
}
include sub
