exec { 'seed': command => '/bin/sh -c "mkdir -p @TMP@/src/d; echo a > @TMP@/src/a; echo b > @TMP@/src/d/b"', creates => '@TMP@/src' }
file { '@TMP@/dst': source => '@TMP@/src', recurse => true, require => Exec['seed'] }
file { '@TMP@/n': source => '@TMP@/src', recurse => true, noop => true, require => Exec['seed'] }
exec { 'r': command => '/bin/true', refreshonly => true, subscribe => File['@TMP@/dst'] }
