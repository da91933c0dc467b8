class ntp (Array[String] $servers = []) {
  notify { "ntp": message => $servers }
}
