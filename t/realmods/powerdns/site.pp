class { 'powerdns': }
