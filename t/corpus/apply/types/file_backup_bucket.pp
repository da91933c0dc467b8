exec { 'seed': command => '/bin/sh -c "echo old > @TMP@/c; echo gone > @TMP@/g; echo kept > @TMP@/s"', creates => '@TMP@/c' }
file { '@TMP@/c': content => "new\n", backup => puppet, require => Exec['seed'] }
file { '@TMP@/g': ensure => absent, backup => puppet, require => Exec['seed'] }
file { '@TMP@/s': content => "suffix\n", backup => '.orig', require => Exec['seed'] }
