class { 'common': admin => 9000 }
