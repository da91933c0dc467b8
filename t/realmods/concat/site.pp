# concat: a file assembled from fragments
concat { '/etc/motd':
  owner => 'root',
  group => 'root',
  mode  => '0644',
}
concat::fragment { 'motd header':
  target  => '/etc/motd',
  content => "Welcome to ${facts['networking']['fqdn']}\n",
  order   => '01',
}
concat::fragment { 'motd footer':
  target  => '/etc/motd',
  content => "Managed by Puppet\n",
  order   => '99',
}
