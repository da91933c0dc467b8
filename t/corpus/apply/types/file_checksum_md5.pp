exec { 'seed': command => '/bin/sh -c "echo old > @TMP@/c"', creates => '@TMP@/c' }
file { '@TMP@/c': content => "new\n", checksum => md5, backup => false, require => Exec['seed'] }
file { '@TMP@/n': content => "fresh\n", checksum => md5 }
file { '@TMP@/l': content => "lite\n", checksum => sha256lite }
