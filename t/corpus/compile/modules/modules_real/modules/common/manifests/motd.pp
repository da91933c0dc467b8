# @summary The message of the day, from an EPP template.
class common::motd (
  String $banner = 'Authorized access only',
  Array[String] $extra_lines = [],
) {
  $rel = common::release($facts['os']['release']['full'])

  # named groups: plain parentheses do not capture (Ruby), so $2 is undef here
  if $facts['networking']['fqdn'] =~ /\A(?<host>[a-z]+)(\d+)\./ {
    $host_part = $1
    $digits    = $2
  }

  case $facts['networking']['fqdn'] {
    /(?i:\ANODE(\d+)\.EXAMPLE\.COM\z)/: { $role_hint = "node number ${1}" }
    default:                            { $role_hint = 'unknown' }
  }

  $version_re = /(?x) \A (\d+) \. (\d+) \z/
  $kernel_line = $facts['os']['release']['full'] ? {
    $version_re => "release ${1} point ${2}",
    default     => 'release unknown',
  }

  file { '/etc/motd':
    ensure  => file,
    owner   => 'root',
    group   => 'root',
    mode    => '0644',
    content => epp('common/motd.epp', {
      'banner'  => $banner,
      'os'      => "${facts['os']['name']} ${rel['major']}",
      'minor'   => $rel['minor'],
      'lines'   => $extra_lines + [$role_hint, $kernel_line, "host ${host_part}, digits ${digits.lest || { 'none' }}"],
    }),
  }

  file { '/etc/issue.net':
    ensure  => file,
    content => file('common/issue.net'),
  }

  file { '/etc/ssh/banner':
    ensure => file,
    source => 'puppet:///modules/common/banner',
  }
}
