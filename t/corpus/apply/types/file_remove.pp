exec { 'seed': command => '/bin/sh -c "echo x > @TMP@/victim; mkdir @TMP@/vdir"' }
file { '@TMP@/victim': ensure => absent, require => Exec['seed'] }
file { '@TMP@/vdir': ensure => absent, force => true, require => Exec['seed'] }
file { '@TMP@/never_there': ensure => absent }
