ini_setting { 'x': path => '/tmp/mcomp-corpus/a.ini', section => 's', setting => 'k', value => 'v', bogus => 1 }
