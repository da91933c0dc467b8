class { 'nosuchclass': }
