host { 'x':
  ip     => '10.0.0.1',
  ensure => 5,
}
