class { 'vswitch::ovs': }
vs_bridge { 'br-ex':
  ensure => present,
}
vs_port { 'eth1':
  ensure => present,
  bridge => 'br-ex',
}
