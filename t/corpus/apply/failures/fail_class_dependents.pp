class app {
  notify { 'app_ok': }
  exec { 'app_bad': command => '/bin/sh -c "exit 2"' }
}
include app
notify { 'needs_app': require => Class['app'] }
notify { 'also_needs_app': subscribe => Class['app'] }
notify { 'free': }
