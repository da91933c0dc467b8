notify { 'n4': } ~> exec { 'normal': command => '/bin/echo normal' }
