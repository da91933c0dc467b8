class { 'tempest':
  admin_password  => 'secret',
  setup_venv      => false,
  configure_images => false,
  configure_networks => false,
}
