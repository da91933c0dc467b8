# node A, first compile: exports an Sshkey, two Hosts and a define instance
define site::alias($target, $port = 22) {
  notify { "alias ${title} -> ${target}:${port}": }
}
class exports {
  @@sshkey { 'a.example.com':
    type => 'ssh-ed25519',
    key  => 'AAAAC3NzaC1lZDI1NTE5AAAAIA',
    tag  => ['x'],
  }
  @@host { 'a.example.com': ip => '192.0.2.1', host_aliases => ['a'] }
  @@host { 'old.example.com': ip => '192.0.2.9' }
  @@site::alias { 'web': target => 'a.example.com', port => 8080 }
}
include exports
notify { 'a compiled': }
@@exec { 'secret-cmd': command => '/bin/true', environment => Sensitive(['TOKEN=s3cr3t']), tag => ['x'] }
