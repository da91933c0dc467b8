file_line { 'm2': path => '@D@/f2', line => 'x=3', match => '^x=' }
file_line { 'a2': path => '@D@/f2', line => 'new', after => '^a' }
file_line { 'missing': path => '@D@/nofile', line => 'new' }
file_line { 'rf': path => '@D@/f3', line => 'q', replace => false }
file_line { 'ab': path => '@D@/f2', ensure => absent, match => '^x=', match_for_absence => true }
file_line { 'ok': path => '@D@/f3', line => 'fine' }
