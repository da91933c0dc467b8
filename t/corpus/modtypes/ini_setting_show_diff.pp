ini_setting { 'a': path => '@D@/i.ini', section => 'main', setting => 'a', value => '3' }
ini_setting { 'b': path => '@D@/i.ini', section => 'main', setting => 'b', value => 'B' }
ini_setting { 'n': path => '@D@/i.ini', section => 'main', setting => 'new', value => 'N' }
ini_setting { 'c': ensure => absent, path => '@D@/i.ini', section => 'main', setting => 'c' }
ini_setting { 'g': path => '@D@/i.ini', section => '', setting => 'global', value => 2 }
ini_setting { 'x': path => '@D@/i.ini', section => 'other', setting => 'x', value => '5', key_val_separator => ': ' }
ini_setting { 's': path => '@D@/i.ini', section => 'sec3', setting => 'k', value => 'v', indent_width => 4 }
ini_setting { 'md5': path => '@D@/i.ini', section => 'sec3', setting => 'h', value => 'hid2', show_diff => md5 }
ini_setting { 'fresh': path => '@D@/new.ini', section => 'only', setting => 'k', value => '  padded ' }
ini_subsetting { 'ss': path => '@D@/i.ini', section => 'main', setting => 'opts', subsetting => '-Xmx', value => '1g' }
