file { '@TMP@/auto2': ensure => directory, require => File['@TMP@/auto2/child'] }
file { '@TMP@/auto2/child': ensure => file }
