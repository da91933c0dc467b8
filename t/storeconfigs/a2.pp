# node A, second compile: the key changed, Host[old.example.com] is gone
define site::alias($target, $port = 22) {
  notify { "alias ${title} -> ${target}:${port}": }
}
class exports {
  @@sshkey { 'a.example.com':
    type => 'ssh-ed25519',
    key  => 'AAAAC3NzaC1lZDI1NTE5AAAAIB',
    tag  => ['x'],
  }
  @@host { 'a.example.com': ip => '192.0.2.1', host_aliases => ['a'] }
  @@site::alias { 'web': target => 'a.example.com', port => 8080 }
}
include exports
