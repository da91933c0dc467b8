class ntp(
  Integer $port,
  Array[String] $servers,
  Boolean $enable,
  String $keys,
  Integer $minpoll = '4',
) {}
