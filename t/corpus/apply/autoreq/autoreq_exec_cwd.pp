exec { 'e': command => '/bin/sh -c "pwd > out"', cwd => '@TMP@/auto' }
exec { 'arg_only': command => '/bin/sh -c "test -d @TMP@/auto2"' }
file { '@TMP@/auto2': ensure => directory }
file { '@TMP@/auto': ensure => directory }
