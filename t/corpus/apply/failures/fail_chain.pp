exec { 'bad': command => '/bin/false' }
notify { 'a': require => Exec['bad'] }
notify { 'b': require => Notify['a'] }
