class { 'ipaclient':
  password => 'onetimepassword',
  domain   => 'example.com',
  realm    => 'EXAMPLE.COM',
  server   => ['ipa.example.com'],
  sudo     => false,
}
