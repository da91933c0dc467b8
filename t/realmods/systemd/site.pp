class { 'systemd': }
systemd::unit_file { 'myapp.service':
  content => "[Unit]\nDescription=My app\n\n[Service]\nExecStart=/usr/bin/myapp\n",
  enable  => true,
  active  => true,
}
systemd::dropin_file { 'limits.conf':
  unit    => 'myapp.service',
  content => "[Service]\nLimitNOFILE=4096\n",
}
