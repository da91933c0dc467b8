class inner { exec { 'inner_fail': command => '/bin/false' } }
class outer {
  include inner
  notify { 'outer': }
}
include outer
notify { 'after': require => Class['outer'] }
