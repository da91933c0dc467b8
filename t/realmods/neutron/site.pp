# neutron: its database, its Keystone endpoints and its main class
class { 'neutron::db::mysql':
  password => 'dbsecret',
}
class { 'neutron::keystone::auth':
  password => 'kssecret',
}
class { 'neutron': }
