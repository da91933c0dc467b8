class ntp::config (String $path = '/etc/default.conf') {
  notify { "ntp config ${path}": }
}
