define svc() {
  exec { "start_${title}": command => '/bin/false' }
  notify { "after_start_${title}": }
}
svc { 'one': }
svc { 'two': require => Svc['one'] }
notify { 'tail': require => Svc['two'] }
