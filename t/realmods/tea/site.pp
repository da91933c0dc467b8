# tea: type aliases only
$checks = {
  'ipv4'  => '10.0.0.5' =~ Tea::Ipv4,
  'fqdn'  => 'node1.example.com' =~ Tea::Fqdn,
  'abs'   => '/etc/motd' =~ Tea::Absolutepath,
  'url'   => 'http://example.com/' =~ Tea::Httpurl,
}
$checks.each |$k, $v| {
  notify { "tea ${k}": message => "${k} ${v}" }
}
