notify { 'a': }
exec { 'e': command => '/bin/true' }
