$users = ['alice', 'bob']
$users.each |$u| {
  file { "/tmp/mcomp-corpus/home/${u}":
    ensure => directory,
  }
}
