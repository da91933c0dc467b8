# An example site manifest: a class with parameters from a module, a define,
# virtual resources realised by a collector, resource defaults, chaining
# arrows and a refresh relationship.  `make demo` compiles it.

File {
  mode => '0644',
}

define app::instance (String $port, Boolean $enabled = true) {
  file { "/tmp/mcomp-demo/${title}.conf":
    ensure  => file,
    content => "port=${port}\nenabled=${enabled}\n",
  }
}

class { 'motd':
  message => "Welcome to ${facts['networking']['hostname']}",
}

@notify { 'deploy': message => 'deploy user wanted', tag => 'people' }
Notify <| tag == 'people' |>

file { '/tmp/mcomp-demo': ensure => directory }

app::instance { ['web', 'api']:
  port => '8080',
}

exec { 'reload-app':
  command     => '/bin/true',
  refreshonly => true,
}

File['/tmp/mcomp-demo'] -> App::Instance['web'] ~> Exec['reload-app']
App::Instance['api'] ~> Exec['reload-app']
