service { 'foo':
  ensure => 'run"ning',
}
