# placement: its database, its Keystone endpoints and its main class
class { 'placement::db::mysql':
  password => 'dbsecret',
}
class { 'placement::keystone::auth':
  password => 'kssecret',
}
class { 'placement': }
