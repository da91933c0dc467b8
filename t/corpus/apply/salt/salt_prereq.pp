exec { 'seed': command => '/bin/sh -c "printf same > @TMP@/same"' }
exec { 'graceful_down': command => '/bin/sh -c "echo down >> @TMP@/log"', prereq => File['@TMP@/code'] }
file { '@TMP@/code': content => "v2\n" }
exec { 'not_needed': command => '/bin/sh -c "echo not_needed >> @TMP@/log"', prereq => File['@TMP@/same'] }
file { '@TMP@/same': content => 'same', require => Exec['seed'] }
