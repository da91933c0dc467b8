exec { 'seed': command => '/bin/sh -c "touch @TMP@/exists"' }
exec { 'created': command => '/bin/sh -c "touch @TMP@/bad1"', creates => '@TMP@/exists', require => Exec['seed'] }
exec { 'onlyif_false': command => '/bin/sh -c "touch @TMP@/bad2"', onlyif => '/bin/false' }
exec { 'unless_true': command => '/bin/sh -c "touch @TMP@/bad3"', unless => ['/bin/false', '/bin/true'] }
exec { 'onlyif_list': command => '/bin/sh -c "touch @TMP@/bad4"', onlyif => ['/bin/true', '/bin/false'] }
exec { 'runs': command => '/bin/sh -c "touch @TMP@/good"', onlyif => ['/bin/true'], unless => '/bin/false' }
