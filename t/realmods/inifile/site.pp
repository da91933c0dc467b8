# inifile: settings in an ini file
ini_setting { 'php memory_limit':
  ensure  => present,
  path    => '/etc/php/8.2/apache2/php.ini',
  section => 'PHP',
  setting => 'memory_limit',
  value   => '256M',
}
ini_subsetting { 'java opts':
  ensure            => present,
  path              => '/etc/default/tomcat',
  section           => '',
  setting           => 'JAVA_OPTS',
  subsetting        => '-Xmx',
  value             => '512m',
  key_val_separator => '=',
}
inifile::create_ini_settings({ 'main' => { 'a' => '1', 'b' => '2' } }, { 'path' => '/etc/example.ini' })
