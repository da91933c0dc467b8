# @summary What every node gets.
class profile::base (
  Sensitive[String[1]] $root_password,
  String[1]            $timezone,
  Array[String[1]]     $packages = [],
) {
  include ntp
  include users
  class { 'common::motd':
    extra_lines => ["timezone ${timezone}"],
  }

  ensure_packages($packages)

  user { 'root':
    ensure   => present,
    password => $root_password,
  }

  file { '/etc/timezone':
    ensure  => file,
    content => "${timezone}\n",
  }

  # spread the nodes over the hour
  $minute = fqdn_rand(60, 'logrotate')
  file { '/etc/cron.d/logrotate':
    ensure  => file,
    mode    => '0644',
    content => "${minute} 3 * * * root /usr/sbin/logrotate /etc/logrotate.conf\n",
  }
}
