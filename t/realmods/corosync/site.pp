class { 'corosync':
  enable_secauth    => false,
  bind_address      => $facts['networking']['ip'],
  multicast_address => '239.1.1.2',
}
cs_property { 'stonith-enabled':
  value => 'false',
}
