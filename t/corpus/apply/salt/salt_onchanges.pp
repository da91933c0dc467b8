exec { 'seed': command => '/bin/sh -c "printf same > @TMP@/same"' }
file { '@TMP@/same': content => 'same', require => Exec['seed'] }
file { '@TMP@/conf': content => "v1\n" }
exec { 'rebuild': command => '/bin/sh -c "echo rebuilt > @TMP@/rebuilt"', onchanges => File['@TMP@/conf'] }
exec { 'not_fired': command => '/bin/sh -c "touch @TMP@/not_fired"', onchanges => File['@TMP@/same'] }
notify { 'after_not_fired': require => Exec['not_fired'] }
exec { 'one_of_two': command => '/bin/sh -c "touch @TMP@/one_of_two"', onchanges => [File['@TMP@/same'], File['@TMP@/conf']] }
