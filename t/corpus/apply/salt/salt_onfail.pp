exec { 'primary': command => '/bin/false' }
exec { 'ok': command => '/bin/true' }
exec { 'fallback': command => '/bin/sh -c "touch @TMP@/fallback"', onfail => [Exec['ok'], Exec['primary']] }
exec { 'not_needed': command => '/bin/sh -c "touch @TMP@/not_needed"', onfail => Exec['ok'] }
notify { 'after_fallback': require => Exec['fallback'] }
notify { 'after_not_needed': require => Exec['not_needed'] }
