notify { 'parts': message => m::port('db.example.com', 5432) }
notify { 'hash': message => m::port({ 'host' => 'web', 'port' => 80 }) }
