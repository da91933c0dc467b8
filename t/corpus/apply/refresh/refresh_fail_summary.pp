notify { 't': }
~> exec { 'rf': command => '/bin/false', refreshonly => true }
~> exec { 'downstream': command => '/bin/true', refreshonly => true }
