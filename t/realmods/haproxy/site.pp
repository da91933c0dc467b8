class { 'haproxy': }
haproxy::listen { 'web':
  collect_exported => false,
  ipaddress        => $facts['networking']['ip'],
  ports            => '8080',
}
haproxy::balancermember { 'web01':
  listening_service => 'web',
  server_names      => 'web01.example.com',
  ipaddresses       => '10.0.0.11',
  ports             => '80',
  options           => 'check',
}
