class { 'memcached':
  max_memory => 512,
  listen_ip  => '127.0.0.1',
}
