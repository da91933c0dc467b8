exec { 'root_cause': command => '/bin/false' }
notify { 'skipped': require => Exec['root_cause'] }
exec { 'on_skipped': command => '/bin/sh -c "touch @TMP@/on_skipped"', onfail => Notify['skipped'] }
