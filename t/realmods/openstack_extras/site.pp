class { 'openstack_extras::auth_file':
  password => 'secret',
}
