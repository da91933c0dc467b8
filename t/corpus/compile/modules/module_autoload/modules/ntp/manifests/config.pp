class ntp::config {
  notify { 'ntp config': }
}
