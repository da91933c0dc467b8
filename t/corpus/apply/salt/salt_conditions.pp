exec { 'seed': command => '/bin/sh -c "touch @TMP@/marker"' }
notify { 'onlyif_false': onlyif => '/bin/false' }
notify { 'after_onlyif_false': require => Notify['onlyif_false'] }
notify { 'onlyif_all_true': onlyif => ['/bin/true', '/bin/true'] }
notify { 'unless_any_true': unless => ['/bin/false', '/bin/true'] }
notify { 'unless_false': unless => '/bin/false' }
file { '@TMP@/guarded': content => "x\n", creates => '@TMP@/marker' }
file { '@TMP@/free': content => "y\n", creates => '@TMP@/nomarker' }
