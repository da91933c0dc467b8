class { 'swift':
  swift_hash_path_suffix => 'secretsuffix',
}
class { 'swift::keystone::auth':
  password => 'kssecret',
}
