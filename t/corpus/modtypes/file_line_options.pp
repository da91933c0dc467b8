file_line { 'a1': path => '@D@/f', line => 'after-x', after => '^x', match => '^nomatch' }
file_line { 'm': path => '@D@/f', line => 'k=9', match => '^k=', multiple => true }
file_line { 'ra': path => '@D@/f', line => 'z=1', match => '^z=', replace_all_matches_not_matching_line => true, multiple => true }
file_line { 'ano': path => '@D@/f', line => 'q=1', match => '^q=', append_on_no_match => false }
file_line { 'abs': ensure => absent, path => '@D@/f', match => '^del', match_for_absence => true, multiple => true }
file_line { 'rf': path => '@D@/f', line => 'w=2', match => '^w=', replace => false }
file_line { 'crlf': path => '@D@/f', line => 'crlf' }
file_line { 'noeol': path => '@D@/g', line => 'added' }
file_line { 'afterm': path => '@D@/g', line => 'mid', after => '^first', multiple => true }
file_line { 'ab2': ensure => absent, path => '@D@/g', line => 'gone' }
