file { '@TMP@/a/b/c/leaf': ensure => file, content => "leaf\n" }
file { '@TMP@/a/b/c': ensure => directory }
file { '@TMP@/a/b': ensure => directory }
file { '@TMP@/a': ensure => directory }
file { '@TMP@/a/link': ensure => link, target => '@TMP@/a/b/c/leaf' }
