class { 'zookeeper':
  servers => ['10.0.0.5', '10.0.0.6', '10.0.0.7'],
}
