notify { 'n1': notify => Exec['r'] }
notify { 'n2': notify => Exec['r'] }
notify { 'n3': }
Notify['n3'] ~> Exec['r']
exec { 'r': command => '/bin/echo refreshed', refreshonly => true, logoutput => true }
