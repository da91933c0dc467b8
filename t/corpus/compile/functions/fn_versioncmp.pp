notify { 'lt': message => versioncmp('1.2', '1.10') }
notify { 'eq': message => versioncmp('2.0', '2.0') }
notify { 'gt': message => versioncmp('2.0.1', '2.0') }
