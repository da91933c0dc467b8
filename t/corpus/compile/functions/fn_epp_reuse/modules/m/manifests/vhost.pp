define m::vhost(Optional[Integer] $port = undef) {
  $p = $port ? { undef => {'name' => $title}, default => {'name' => $title, 'port' => $port} }
  notify { "${title}": message => epp('m/t.epp', $p) }
}
