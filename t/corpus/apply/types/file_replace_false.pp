exec { 'seed': command => '/bin/sh -c "echo mine > @TMP@/mine"', creates => '@TMP@/mine' }
file { '@TMP@/mine': content => "theirs\n", replace => false, require => Exec['seed'] }
file { '@TMP@/fresh': content => "theirs\n", replace => false }
