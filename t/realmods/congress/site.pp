# congress: its database and its Keystone endpoints (its main class declares
# oslo::messaging::amqp parameters the packaged oslo module no longer has)
class { 'congress::db::mysql':
  password => 'dbsecret',
}
class { 'congress::keystone::auth':
  password => 'kssecret',
}
