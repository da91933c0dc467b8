mount { '/srv/data':
  ensure  => mounted,
  device  => '/dev/vdb1',
  fstype  => 'ext4',
  options => 'defaults,noatime',
}
