exec { 'pathed': command => 'echo via path', path => ['/usr/bin', '/bin'], logoutput => true }
exec { 'env': command => '/bin/sh -c "echo FOO=$FOO"', environment => ['FOO=bar'], logoutput => true }
exec { 'shell': command => 'echo $((1+2)) | cat', provider => shell, logoutput => true }
