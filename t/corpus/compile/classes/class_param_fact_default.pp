class c ($os = $facts['os']['family'], $host = $facts['networking']['hostname']) {
  notify { "${os} ${host}": }
}
include c
