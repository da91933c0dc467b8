file { '@TMP@/target': ensure => file, content => "t\n" }
file { '@TMP@/link': ensure => link, target => '@TMP@/target' }
