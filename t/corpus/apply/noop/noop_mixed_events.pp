notify { 'quiet': noop => true }
notify { 'loud': }
exec { 'r': command => '/bin/true', refreshonly => true }
Notify['quiet'] ~> Exec['r']
Notify['loud'] ~> Exec['r']
