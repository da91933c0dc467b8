# ironic: its database, its Keystone endpoints and its main class
class { 'ironic::db::mysql':
  password => 'dbsecret',
}
class { 'ironic::keystone::auth':
  password => 'kssecret',
}
class { 'ironic': }
