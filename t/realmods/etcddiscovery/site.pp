class { 'etcddiscovery': }
