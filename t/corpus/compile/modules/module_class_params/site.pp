class { 'app':
  port => 8080,
}
