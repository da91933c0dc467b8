class { 'ssh':
  server_options => {
    'PasswordAuthentication' => 'no',
    'PermitRootLogin'        => 'no',
  },
  storeconfigs_enabled => false,
}
