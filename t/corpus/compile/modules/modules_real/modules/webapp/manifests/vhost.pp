# @summary An nginx virtual host in front of the application.
define webapp::vhost (
  Common::Port      $port,
  String[1]         $docroot = "/srv/www/${title}",
  Array[String[1]]  $aliases = [],
  Boolean           $ssl     = false,
) {
  include webapp

  $server_names = concat([$title], $aliases)
  $available    = "/etc/nginx/sites-available/${title}.conf"

  file { $available:
    ensure  => file,
    content => epp('webapp/vhost.conf.epp', {
      'vhost'        => $title,
      'port'         => $port,
      'docroot'      => $docroot,
      'server_names' => $server_names,
      'ssl'          => $ssl,
      'upstream'     => $webapp::listen,
    }),
  }
  -> file { "/etc/nginx/sites-enabled/${title}.conf":
    ensure => link,
    target => $available,
  }
  ~> Service[$webapp::app_name]
}
