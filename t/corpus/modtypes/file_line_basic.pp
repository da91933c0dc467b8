file_line { 'add': path => '@D@/f1', line => 'new line' }
file_line { 'rep': path => '@D@/f1', line => 'foo=2', match => '^foo=' }
file_line { 'aft': path => '@D@/f1', line => 'after-a', after => '^a$' }
file_line { 'del': ensure => absent, path => '@D@/f1', line => 'c' }
