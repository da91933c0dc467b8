@file { '/tmp/mcomp-corpus/dflt': }
@file { '/tmp/mcomp-corpus/explicit': ensure => file }
File <| ensure == 'file' |>
