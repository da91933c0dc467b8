# @summary The configuration file.
# @api private
class ntp::config {
  assert_private()

  file { $ntp::config_path:
    ensure  => file,
    owner   => 'root',
    group   => 'root',
    mode    => '0644',
    content => epp('ntp/ntp.conf.epp', {
      'servers' => $ntp::servers,
      'options' => $ntp::options,
      'port'    => $ntp::port,
    }),
  }
}
