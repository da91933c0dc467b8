file { '/tmp/mcomp-corpus/a': ensure => directory }
notify { 'n': message => File['/tmp/mcomp-corpus/a'] }
