exec { 'bad': command => '/bin/false' }
exec { 'handler': command => '/bin/sh -c "touch @TMP@/handled"', onchanges => Exec['bad'] }
notify { 'after_handler': require => Exec['handler'] }
