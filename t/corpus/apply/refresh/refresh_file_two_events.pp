File { backup => false }
exec { 'seed': command => '/bin/sh -c "printf old > @TMP@/conf; chmod 0644 @TMP@/conf"', creates => '@TMP@/conf' }
file { '@TMP@/conf': content => "new\n", mode => '0600', require => Exec['seed'] }
exec { 'reload': command => '/bin/true', refreshonly => true, subscribe => File['@TMP@/conf'] }
