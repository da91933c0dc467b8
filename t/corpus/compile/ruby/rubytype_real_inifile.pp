ini_setting { 'port':
  ensure   => present,
  path     => '/tmp/mcomp-corpus/app.ini',
  section  => 'main',
  setting  => 'port',
  value    => 8080,
  provider => ruby,
}
ini_subsetting { 'opts':
  path       => '/tmp/mcomp-corpus/app.ini',
  section    => 'main',
  setting    => 'JAVA_ARGS',
  subsetting => '-Xmx',
  value      => '512m',
}
