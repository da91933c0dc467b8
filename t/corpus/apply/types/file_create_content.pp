file { '@TMP@/withcontent': ensure => file, content => "line one\nline two\n", mode => '0644' }
file { '@TMP@/empty': ensure => file, mode => '0600' }
file { '@TMP@/implicit': content => "implicit ensure\n" }
file { '@TMP@/dir': ensure => directory }
