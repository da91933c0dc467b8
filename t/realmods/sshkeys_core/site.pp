ssh_authorized_key { 'deploy@laptop':
  user => 'deploy',
  type => 'ssh-ed25519',
  key  => 'AAAAC3NzaC1lZDI1NTE5AAAAIExampleKeyExampleKeyExampleKeyExample',
}
sshkey { 'git.example.com':
  type => 'ssh-ed25519',
  key  => 'AAAAC3NzaC1lZDI1NTE5AAAAIHostKeyExampleHostKeyExampleHostKey',
}
