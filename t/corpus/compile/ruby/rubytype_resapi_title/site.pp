rtt_apipair { 'vim/apt': }
rtt_apipair { 'emacs': }
rtt_apipair { 'x': package => 'y', manager => 'z' }
rtt_apipair { 'curl/snap': version => '1.0', ensure => present }
