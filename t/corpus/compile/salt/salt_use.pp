file { '/tmp/mcomp-corpus/base':
  ensure => file,
  owner  => 'root',
  mode   => '0644',
}
file { '/tmp/mcomp-corpus/copy':
  use  => File['/tmp/mcomp-corpus/base'],
  mode => '0600',
}
