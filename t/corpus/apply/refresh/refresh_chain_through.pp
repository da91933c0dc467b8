notify { 'start': }
~> exec { 'mid': command => '/bin/true', refreshonly => true }
~> exec { 'end': command => '/bin/echo end', refreshonly => true, logoutput => true }
