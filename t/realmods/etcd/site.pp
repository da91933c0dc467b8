class { 'etcd': }
