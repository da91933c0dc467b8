# murano: its database, its Keystone endpoints and its main class
class { 'murano::db::mysql':
  password => 'dbsecret',
}
class { 'murano::keystone::auth':
  password => 'kssecret',
}
class { 'murano': }
