exec { '/bin/true': }
exec { 'named':
  command => '/bin/echo hi',
  path    => ['/bin', '/usr/bin'],
}
exec { '/bin/false':
  command => '/bin/false',
}
