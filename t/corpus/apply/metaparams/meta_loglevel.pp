notify { 'info_level': loglevel => info }
notify { 'warn_level': loglevel => warning }
exec { 'warn_exec': command => '/bin/echo hi', logoutput => true, loglevel => warning }
