file { '@TMP@/f': ensure => file, content => "hello\n", mode => '0640' }
file { '@TMP@/d': ensure => directory, mode => '0750' }
