stage { 'post': require => Stage['main'] }
class late { notify { 'l': } }
class { 'late': stage => post }
exec { '/bin/false': }
notify { 'unrelated': }
