File { backup => false }
exec { 'seed': command => '/bin/sh -c "echo old > @TMP@/c"' }
file { '@TMP@/c': content => "new\n", require => Exec['seed'] }
