exec { 'svc': command => '/bin/echo start', refresh => '/bin/sh -c "echo refreshing > @TMP@/refreshed"', logoutput => true }
notify { 'change': notify => Exec['svc'] }
