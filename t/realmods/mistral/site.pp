# mistral: its database, its Keystone endpoints and its main class
class { 'mistral::db::mysql':
  password => 'dbsecret',
}
class { 'mistral::keystone::auth':
  password => 'kssecret',
}
class { 'mistral': }
