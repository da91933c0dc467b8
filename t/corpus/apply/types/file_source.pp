exec { 'seed': command => '/bin/sh -c "mkdir -p @TMP@/src; echo one > @TMP@/src/a"', creates => '@TMP@/src' }
file { '@TMP@/a1': source => '@TMP@/src/a', require => Exec['seed'] }
file { '@TMP@/a2': source => ['@TMP@/nothere', 'file://@TMP@/src/a'], mode => '0600', require => Exec['seed'] }
