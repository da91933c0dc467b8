Notify { message => 'm', loglevel => 'info' }
File { owner => 'root', group => 'root' }
notify { 'a': loglevel => 'err' }
file { '/tmp/mcomp-corpus/d': ensure => file }
