exec { 'run_script': command => '@TMP@/bin/script.sh hello', logoutput => true }
file { '@TMP@/bin/script.sh': ensure => file, mode => '0755', content => "#!/bin/sh\necho \"script says \$1\"\n" }
file { '@TMP@/bin': ensure => directory }
