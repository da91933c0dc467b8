exec { 'bad': command => '/bin/false' }
notify { 'n1': require => Exec['bad'] }
notify { 'n2': }
exec { 'r': command => '/bin/echo r', refreshonly => true }
Notify['n1'] ~> Exec['r']
Notify['n2'] ~> Exec['r']
exec { 'r2': command => '/bin/echo r2', refreshonly => true, subscribe => Exec['bad'] }
