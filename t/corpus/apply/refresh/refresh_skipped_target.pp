exec { 'bad': command => '/bin/false' }
notify { 'src': }
exec { 'tgt': command => '/bin/true', refreshonly => true, subscribe => Notify['src'], require => Exec['bad'] }
