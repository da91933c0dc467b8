file { '@TMP@/d/e/f': ensure => file, content => "f\n" }
exec { 'mkdirs': command => '/bin/mkdir -p @TMP@/d/e', before => File['@TMP@/d/e/f'] }
notify { 'between': }
