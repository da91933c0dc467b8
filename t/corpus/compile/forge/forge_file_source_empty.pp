# source => [] is accepted and kept
file { '/tmp/mcomp-corpus/a': source => [] }
file { '/tmp/mcomp-corpus/b': source => [], ensure => file }
