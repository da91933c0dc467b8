file { '@TMP@/no/such/dir/f': ensure => file }
notify { 'after': require => File['@TMP@/no/such/dir/f'] }
