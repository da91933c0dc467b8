# @summary A web node: the application behind nginx virtual hosts.
class profile::web (
  Hash[String[1], Hash] $vhosts,
  Array[String[1]]      $packages,
) {
  include profile::base
  include webapp

  if empty($vhosts) {
    fail('profile::web needs at least one virtual host')
  }

  $vhosts.each |String $name, Hash $params| {
    webapp::vhost { $name:
      * => $params,
    }
  }

  # ensure_packages in webapp and profile::base may have declared some already
  $packages.each |$p| {
    unless defined_with_params(Package[$p], { 'ensure' => 'installed' }) {
      package { $p:
        ensure => present,
        tag    => ['profile_web'],
      }
    }
  }

  $ssl_hosts = $vhosts.filter |$n, $v| { pick($v['ssl'], false) }.keys.sort
  notify { 'web summary':
    message => join([
      "vhosts: ${vhosts.keys.sort.join(', ')}",
      "ssl: ${ssl_hosts.join(', ')}",
      "git: ${bool2str(member($packages, 'git'), 'managed', 'not managed')}",
      "www: ${has_key($vhosts, 'www.example.com')}",
    ], '; '),
  }
}
