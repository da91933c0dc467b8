define ntp::server (Boolean $prefer = false) {
  notify { "server ${title}": message => $prefer }
}
