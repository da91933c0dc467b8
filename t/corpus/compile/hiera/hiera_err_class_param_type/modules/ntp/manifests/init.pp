class ntp (Integer $port = 123) {
  notify { "ntp": message => $port }
}
