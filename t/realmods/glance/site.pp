# glance: its database, its Keystone endpoints and its main class
class { 'glance::db::mysql':
  password => 'dbsecret',
}
class { 'glance::keystone::auth':
  password => 'kssecret',
}
class { 'glance': }
