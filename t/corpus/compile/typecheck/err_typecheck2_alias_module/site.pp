class { 'mymod':
  endpoints => [{ 'host' => 'a', 'port' => 80 }, { 'host' => '', 'port' => 0, 'backup' => 70000 }],
}
