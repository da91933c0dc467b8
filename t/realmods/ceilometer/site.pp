# ceilometer: its database, its Keystone endpoints and its main class
class { 'ceilometer::db::mysql':
  password => 'dbsecret',
}
class { 'ceilometer::keystone::auth':
  password => 'kssecret',
}
class { 'ceilometer': }
