class { 'galera':
  galera_servers => ['10.0.0.5', '10.0.0.6'],
  galera_master  => 'node1.example.com',
  root_password  => 'secret',
  status_password => 'secret',
  configure_repo => false,
  configure_firewall => false,
}
