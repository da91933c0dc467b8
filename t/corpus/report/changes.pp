file { '@TMP@/c': content => "new\n" }
file { '@TMP@/m': mode => '0600' }
file { '@TMP@/gone': ensure => absent }
file { '@TMP@/new': ensure => file }
file { '@TMP@/nd': ensure => directory }
file { '@TMP@/ln': ensure => link, target => '@TMP@/c' }
exec { 'ok': command => '/bin/true' }
notify { 'n': message => 'hello' }
exec { 'refr': command => '/bin/true', refreshonly => true, subscribe => Notify['n'] }
