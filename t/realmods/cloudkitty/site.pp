# cloudkitty: its database, its Keystone endpoints and its main class
class { 'cloudkitty::db::mysql':
  password => 'dbsecret',
}
class { 'cloudkitty::keystone::auth':
  password => 'kssecret',
}
class { 'cloudkitty': }
