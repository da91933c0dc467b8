class cfg {
  notify { 'c1': }
  notify { 'c2': }
  notify { 'c3': }
}
include cfg
Class['cfg'] ~> exec { 'after_cfg': command => '/bin/true', refreshonly => true }
