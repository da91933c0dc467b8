# heat: its database, its Keystone endpoints and its main class
class { 'heat::db::mysql':
  password => 'dbsecret',
}
class { 'heat::keystone::auth':
  password => 'kssecret',
}
class { 'heat::keystone::authtoken':
  password => 'kssecret',
}
class { 'heat': }
