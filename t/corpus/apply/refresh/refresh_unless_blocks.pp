notify { 'go': }
~> exec { 'guarded': command => '/bin/sh -c "echo ran > @TMP@/ran"', refreshonly => true, unless => '/bin/true' }
