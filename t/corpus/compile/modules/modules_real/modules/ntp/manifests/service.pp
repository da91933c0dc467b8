# @summary The daemon.
# @api private
class ntp::service {
  assert_private()

  if $ntp::service_manage {
    service { 'ntp':
      ensure     => running,
      enable     => true,
      name       => $ntp::service_name,
      hasstatus  => true,
      hasrestart => true,
    }
  }
}
