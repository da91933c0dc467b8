class { 'keystone::db::mysql':
  password => 'dbsecret',
}
class { 'keystone::db':
  database_connection => 'mysql+pymysql://keystone:dbsecret@127.0.0.1/keystone',
}
class { 'keystone': }
keystone_role { 'admin':
  ensure => present,
}
keystone_user_role { 'admin@admin':
  roles => ['admin'],
}
