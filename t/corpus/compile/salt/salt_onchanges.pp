file { '/tmp/mcomp-corpus/app.conf':
  ensure  => file,
  content => "x\n",
}
exec { 'reload app':
  command   => '/bin/true',
  onchanges => File['/tmp/mcomp-corpus/app.conf'],
}
