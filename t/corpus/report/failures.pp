file { '@TMP@/a': ensure => file, content => 'hello' }
file { '@TMP@/s': ensure => file, content => Sensitive('secret1') }
notify { 'hi': }
exec { '/bin/false': }
exec { 'after': command => '/bin/true', require => Exec['/bin/false'] }
