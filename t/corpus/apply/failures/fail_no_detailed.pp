exec { 'bad': command => '/bin/false' }
notify { 'ok': }
