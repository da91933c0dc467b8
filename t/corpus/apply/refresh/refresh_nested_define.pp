define dt() {
  exec { "r_${title}": command => '/bin/true', refreshonly => true }
}
class svc { dt { 'x': } }
include svc
notify { 't': } ~> Class['svc']
