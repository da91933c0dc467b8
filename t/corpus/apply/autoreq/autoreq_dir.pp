file { '@TMP@/t41/sub': ensure => file }
file { '@TMP@/t41': ensure => directory }
