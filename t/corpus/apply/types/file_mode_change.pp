exec { 'seed': command => '/bin/sh -c "printf data > @TMP@/m; chmod 0644 @TMP@/m"' }
file { '@TMP@/m': mode => '0600', require => Exec['seed'] }
