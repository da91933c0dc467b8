exec { 'bad': command => '/bin/false' }
notify { 'a': require => Exec['bad'] }
notify { 'b': require => Notify['a'] }
notify { 'c': require => [Notify['b'], Exec['bad']] }
notify { 'd': }
exec { 'bad2': command => '/bin/false', logoutput => false }
notify { 'e': require => [Exec['bad'], Exec['bad2']] }
