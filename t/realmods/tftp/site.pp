class { 'tftp':
  directory => '/srv/tftp',
}
tftp::file { 'pxelinux.cfg':
  ensure => directory,
}
