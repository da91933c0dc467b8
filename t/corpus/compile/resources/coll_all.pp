@notify { 'a': }
@notify { 'b': }
@file { '/tmp/mcomp-corpus/v': ensure => file }
Notify <| |>
