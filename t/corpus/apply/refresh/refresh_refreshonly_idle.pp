exec { 'x': command => '/bin/echo x', refreshonly => true }
