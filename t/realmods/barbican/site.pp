# barbican: its database, its Keystone endpoints and its main class
class { 'barbican::db::mysql':
  password => 'dbsecret',
}
class { 'barbican::keystone::auth':
  password => 'kssecret',
}
class { 'barbican': }
