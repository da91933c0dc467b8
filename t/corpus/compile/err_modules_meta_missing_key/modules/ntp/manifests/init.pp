class ntp {
  notify { "ntp": }
}
