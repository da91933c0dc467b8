ini_setting { 'nodir': path => '@D@/nodir/x.ini', section => 's', setting => 'k', value => 'v' }
ini_setting { 'ok': path => '@D@/x.ini', section => 's', setting => 'k', value => 'v' }
