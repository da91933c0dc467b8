file { '@TMP@/cfg': content => "c\n", onchanges_in => Exec['on_cfg'] }
exec { 'on_cfg': command => '/bin/sh -c "touch @TMP@/on_cfg"' }
exec { 'bad': command => '/bin/false', onfail_in => Exec['rescue'] }
exec { 'rescue': command => '/bin/sh -c "touch @TMP@/rescued"' }
notify { 'w': watch_in => Exec['watcher'] }
exec { 'watcher': command => '/bin/true', refreshonly => true }
notify { 'runs_later': }
notify { 'r': require_in => Notify['runs_later'] }
