class ntp {
  include ntp::config
  notify { 'ntp': }
}
