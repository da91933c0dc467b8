notify { 'n1': notify => Exec['r'] }
notify { 'n2': notify => Exec['r'] }
notify { 'n3': }
Notify['n3'] ~> Exec['r']
exec { 'r': command => '/bin/echo refreshed', refreshonly => true, logoutput => true }
exec { 'never': command => '/bin/echo never', refreshonly => true }
notify { 'n4': } -> exec { 'req_only': command => '/bin/echo never2', refreshonly => true }
exec { 'normal': command => '/bin/echo normal', subscribe => Notify['n4'] }
