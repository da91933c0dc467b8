notify { 'quiet': noop => true }
~> exec { 'r': command => '/bin/true', refreshonly => true }
