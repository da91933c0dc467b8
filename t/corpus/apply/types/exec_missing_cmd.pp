exec { 'nope': command => '@TMP@/does/not/exist' }
notify { 'dep': require => Exec['nope'] }
