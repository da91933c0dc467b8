exec { 'pre_bad': command => '/bin/false', prereq => File['@TMP@/guarded'] }
file { '@TMP@/guarded': content => "x\n" }
notify { 'free': }
