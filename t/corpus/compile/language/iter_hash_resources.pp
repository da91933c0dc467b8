$svc = { 'web' => 80, 'db' => 5432 }
$svc.each |$name, $port| {
  notify { "svc_${name}": message => $port }
}
