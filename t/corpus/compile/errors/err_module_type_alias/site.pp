class { 'common': port => 0 }
