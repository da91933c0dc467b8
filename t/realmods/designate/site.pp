# designate: its database, its Keystone endpoints and its main class
class { 'designate::db::mysql':
  password => 'dbsecret',
}
class { 'designate::keystone::auth':
  password => 'kssecret',
}
class { 'designate': }
