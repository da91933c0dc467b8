oslo::messaging::rabbit { 'nova_config':
  rabbit_use_ssl => true,
}
oslo::db { 'glance_api_config':
  connection => 'mysql+pymysql://glance:secret@127.0.0.1/glance',
}
