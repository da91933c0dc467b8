class inner { exec { 'inner_fail': command => '/bin/false' } }
class outer {
  require inner
  notify { 'outer': }
}
include outer
notify { 'after': require => Class['outer'] }
