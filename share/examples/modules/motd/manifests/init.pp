# motd: writes /tmp/mcomp-demo/motd from an EPP template.
class motd (String $message = 'Hello') {
  file { '/tmp/mcomp-demo/motd':
    ensure  => file,
    content => epp('motd/motd.epp', { 'message' => $message }),
    require => File['/tmp/mcomp-demo'],
  }
}
