firewall { '000 accept all icmp':
  proto  => 'icmp',
  action => 'accept',
}
firewall { '100 allow ssh':
  dport  => 22,
  proto  => 'tcp',
  action => 'accept',
}
firewall { '999 drop all':
  proto  => 'all',
  action => 'drop',
}
