rtt_child { 'c': ensure => purged, content => 'x', members => [1, 2], owner => 'root' }
rtt_child { 'd': }
