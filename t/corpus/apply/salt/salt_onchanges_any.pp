exec { 'seed': command => '/bin/sh -c "printf same > @TMP@/same"' }
file { '@TMP@/same': content => 'same', require => Exec['seed'] }
file { '@TMP@/changed': content => "new\n" }
exec { 'any_fired': command => '/bin/sh -c "touch @TMP@/any_fired"', onchanges_any => [File['@TMP@/same'], File['@TMP@/changed']] }
exec { 'any_not_fired': command => '/bin/sh -c "touch @TMP@/any_not_fired"', onchanges_any => [File['@TMP@/same']] }
