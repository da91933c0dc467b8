node default {
  notify { 'a': }
  "${facts['networking']['fqdn']}"
}
