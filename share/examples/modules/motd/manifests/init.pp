# motd: writes DIR/motd from an EPP template.
class motd (String $dir, String $message = 'Hello') {
  file { "${dir}/motd":
    ensure  => file,
    content => epp('motd/motd.epp', { 'message' => $message }),
  }
}
