notify { 'untagged_src': }
~> exec { 'r': command => '/bin/true', refreshonly => true, tag => 'special' }
notify { 'tagged_src': tag => 'special' }
~> Exec['r']
