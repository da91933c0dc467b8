file { '@TMP@/s': ensure => file, content => Sensitive('hunter2-secret') }
exec { 'mk': command => "/bin/sh -c 'echo old > @TMP@/s2'", creates => '@TMP@/s2' }
file { '@TMP@/s2': ensure => file, content => Sensitive('new-secret-value'), mode => '0600', require => Exec['mk'] }
notify { 'n': message => Sensitive('notify-secret') }
