class svc {
  exec { 'svc_restart': command => '/bin/echo restart', refreshonly => true }
  exec { 'svc_other': command => '/bin/echo other', refreshonly => true }
  notify { 'svc_note': }
}
include svc
notify { 'trigger': } ~> Class['svc']
