# @summary The package.
# @api private
class ntp::install {
  assert_private()

  package { $ntp::package_name:
    ensure => $ntp::package_ensure,
  }
}
