notify { 'real': }
~> exec { 'held': command => '/bin/sh -c "touch @TMP@/held"', refreshonly => true, noop => true }
