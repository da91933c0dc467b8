# magnum: its database, its Keystone endpoints and its main class
class { 'magnum::db::mysql':
  password => 'dbsecret',
}
class { 'magnum::keystone::auth':
  password => 'kssecret',
}
class { 'magnum': }
