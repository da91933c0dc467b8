# octavia: its database, its Keystone endpoints and its main class
class { 'octavia::db::mysql':
  password => 'dbsecret',
}
class { 'octavia::keystone::auth':
  password => 'kssecret',
}
class { 'octavia': }
