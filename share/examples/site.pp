# An example site manifest, run by `make demo` (share/examples/demo.sh),
# which points $facts['demo_dir'] at a scratch directory.  It shows a class
# from a module with an EPP template, a define, resource defaults, virtual
# resources realised by a collector, chaining arrows with a refresh, and a
# failing check whose dependents are skipped while the rest goes on.

$base = $facts['demo_dir']

File {
  mode => '0644',
}

define app::instance (String $port, Boolean $enabled = true) {
  file { "${base}/app/${title}.conf":
    ensure  => file,
    content => "port=${port}\nenabled=${enabled}\n",
  }
}

class { 'motd':
  dir     => $base,
  message => "Welcome to ${facts['networking']['hostname']}",
}

@file { "${base}/app/deploy.txt": ensure => file, content => "deploy user wanted\n", tag => 'people' }
File <| tag == 'people' |>

file { "${base}/app": ensure => directory }

app::instance { ['web', 'api']:
  port => '8080',
}

exec { 'reload-app':
  command     => '/bin/echo reloading the app',
  refreshonly => true,
  logoutput   => true,
}

File["${base}/app"] -> App::Instance['web'] ~> Exec['reload-app']
App::Instance['api'] ~> Exec['reload-app']

# A check that fails on every run: what requires it is skipped, the rest is not.
exec { 'check-disk-space':
  command => '/bin/sh -c "exit 3"',
}
file { "${base}/app/ready":
  ensure  => file,
  content => "ready\n",
  require => Exec['check-disk-space'],
}
