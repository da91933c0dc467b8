File { backup => false }
exec { 'seed': command => '/bin/sh -c "printf old > @TMP@/old; chmod 0600 @TMP@/old; printf gone > @TMP@/gone"', noop => false }
file { '@TMP@/old': content => "new\n", mode => '0644', require => Exec['seed'] }
file { '@TMP@/gone': ensure => absent, require => Exec['seed'] }
file { '@TMP@/newfile': ensure => file, content => "x\n" }
file { '@TMP@/newdir': ensure => directory }
exec { 'would': command => '/bin/sh -c "touch @TMP@/touched"' }
