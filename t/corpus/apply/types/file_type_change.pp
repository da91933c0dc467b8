File { backup => false }
exec { 'seed': command => '/bin/sh -c "ln -s nowhere @TMP@/was_link; echo f > @TMP@/was_file"' }
file { '@TMP@/was_link': ensure => file, content => "now a file\n", require => Exec['seed'] }
file { '@TMP@/was_file': ensure => directory, force => true, require => Exec['seed'] }
