class { 'gitolite':
  user      => 'git',
  userhome  => '/srv/git',
  admin_key => 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIExampleKeyExampleKeyExampleKeyExample admin@example.com',
}
