# aodh: its database, its Keystone endpoints and its main class
class { 'aodh::db::mysql':
  password => 'dbsecret',
}
class { 'aodh::keystone::auth':
  password => 'kssecret',
}
class { 'aodh': }
