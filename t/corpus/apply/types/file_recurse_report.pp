exec { 'seed': command => '/bin/sh -c "mkdir -p @TMP@/src/d @TMP@/m/sub @TMP@/p/old; echo a > @TMP@/src/a; echo b > @TMP@/src/d/b; echo x > @TMP@/m/x; chmod 0600 @TMP@/m/x; echo y > @TMP@/m/sub/y; echo z > @TMP@/p/old/z; echo k > @TMP@/p/k"', creates => '@TMP@/src' }
class copy {
  file { '@TMP@/dst': source => '@TMP@/src', recurse => true, require => Exec['seed'] }
  file { '@TMP@/m': ensure => directory, recurse => true, mode => '0640', require => Exec['seed'] }
}
include copy
file { '@TMP@/p': ensure => directory, recurse => true, purge => true, force => true, require => Exec['seed'] }
file { '@TMP@/p/k': ensure => file }
