# a file title with trailing slashes: Puppet writes the path without them
file { '/tmp/mcomp-corpus/x/': ensure => directory }
file { '/tmp/mcomp-corpus/y//': }
file { '/tmp/mcomp-corpus/z': }
file { 'zz': path => '/tmp/mcomp-corpus/zz/' }
file { '/tmp/mcomp-corpus/w/': path => '/tmp/mcomp-corpus/other' }
file { '/': }
define d() { file { "/tmp/mcomp-corpus/${title}/": ensure => directory } }
d { 'dd': }
