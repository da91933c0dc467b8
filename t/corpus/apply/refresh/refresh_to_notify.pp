exec { 'src': command => '/bin/true' }
~> notify { 'listener': }
file { '@TMP@/f': ensure => file, content => "x\n", notify => Notify['listener'] }
