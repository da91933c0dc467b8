class { 'mysql::server':
  root_password           => 'strongpassword',
  remove_default_accounts => true,
  override_options        => {
    'mysqld' => { 'max_connections' => '1024' },
  },
}
mysql::db { 'appdb':
  user     => 'app',
  password => 'secret',
  host     => 'localhost',
  grant    => ['SELECT', 'UPDATE'],
}
