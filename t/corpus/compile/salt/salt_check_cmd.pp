file { '/tmp/mcomp-corpus/checked':
  ensure    => file,
  content   => "x\n",
  check_cmd => '/bin/true',
}
notify { 'guarded':
  onlyif  => '/bin/true',
  unless  => ['/bin/false', '/bin/false'],
  creates => '/tmp/mcomp-corpus/marker',
}
