ssh_keygen { 'deploy':
  type => 'rsa',
}
