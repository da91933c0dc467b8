# @summary The application: packages, configuration (JSON), secrets (Sensitive EPP).
#
# @param db_password converted to Sensitive by lookup_options in the environment data
class webapp (
  String[1]            $app_name,
  Common::Endpoint     $listen,
  Integer[1, 64]       $workers,
  Sensitive[String[1]] $db_password,
  Hash[String, Data]   $settings,
  Array[String[1]]     $packages,
  Optional[String[1]]  $ssl_cert = undef,
  Boolean              $debug    = false,
) {
  ensure_packages($packages, { 'ensure' => 'present' })

  $base = {
    'name'    => $app_name,
    'workers' => $workers,
    'debug'   => bool2str($debug),
    'listen'  => $listen.common::hostport,
  }
  $config = delete_undef_values(merge(deep_merge($base, $settings), { 'ssl_cert' => $ssl_cert }))

  file { "/etc/${app_name}":
    ensure => directory,
    owner  => 'root',
    group  => $app_name,
    mode   => '0750',
  }

  file { webapp::config_path($app_name):
    ensure  => file,
    owner   => 'root',
    group   => $app_name,
    mode    => '0640',
    content => "${to_json($config)}\n",
  }

  file { $app_name.webapp::config_path('secrets.conf'):
    ensure  => file,
    owner   => 'root',
    group   => $app_name,
    mode    => '0600',
    content => Sensitive(epp('webapp/secrets.conf.epp', {
      'user'     => $app_name,
      'password' => $db_password,
      'endpoint' => $listen,
    })),
  }

  service { $app_name:
    ensure    => running,
    enable    => true,
    subscribe => File[webapp::config_path($app_name), webapp::config_path($app_name, 'secrets.conf')],
  }
}
