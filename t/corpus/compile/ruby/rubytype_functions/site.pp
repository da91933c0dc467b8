create_resources('rtt_grant', { 'a@b' => { 'privileges' => 'all' }, 'c' => {} })
ensure_resource('rtt_port', '80/tcp', { 'service' => 'http' })
ensure_resources('rtt_port', { '53/udp' => {} })
$ref = Rtt_grant['a@b']
notify { 'ref': message => "${ref}", require => $ref }
