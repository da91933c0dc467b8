ini_setting { '1': path => '@D@/w.ini', section => 'a', setting => 'k', value => '9' }
ini_setting { '2': path => '@D@/w.ini', section => 'b', setting => 'k', value => 'y' }
ini_setting { '3': ensure => absent, path => '@D@/w.ini', section => 'a', setting => 'k' }
ini_setting { '4': ensure => absent, path => '@D@/w.ini', section => 'c', setting => 'zz' }
ini_setting { '5': path => '@D@/w.ini', section => 'c', setting => 'n', value => 'v' }
ini_subsetting { '6': path => '@D@/w.ini', section => 'd', setting => 's', subsetting => 'x', value => '"', quote_char => "'" }
ini_subsetting { '7': ensure => absent, path => '@D@/w.ini', section => 'd', setting => 's', subsetting => 'x' }
file_line { '9': path => '@D@/w.ini', line => 'end', after => '^\[c\]' }
