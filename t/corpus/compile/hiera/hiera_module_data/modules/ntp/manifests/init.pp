class ntp (
  Array[String] $servers,
  String $package,
  String $service_name,
  Boolean $enable = true,
) {
  notify { "ntp ${package}/${service_name}": message => $servers }
  include ntp::config
}
