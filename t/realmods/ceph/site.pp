class { 'ceph':
  fsid                => '066f558c-6789-4a93-aaf1-5af1ba01a3ad',
  mon_host            => '10.0.0.5',
  authentication_type => 'none',
}
ceph::mon { 'a':
  authentication_type => 'none',
}
