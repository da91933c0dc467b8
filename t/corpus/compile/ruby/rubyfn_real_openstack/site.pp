# More functions of Debian's packaged Forge modules
notify { 'httpd_on': message => apache::bool2httpd(true) }
notify { 'httpd_off': message => apache::bool2httpd(false) }
notify { 'httpd_str': message => apache::bool2httpd('x') }
notify { 'pw': message => apache::pw_hash('secret') }
notify { 'mem': message => memcached::max_memory('50%') }
notify { 'mem_abs': message => memcached::max_memory(64) }
notify { 'db': message => os_database_connection({ 'dialect' => 'mysql+pymysql', 'host' => '127.0.0.1', 'port' => '3306', 'username' => 'nova', 'password' => 'pw', 'database' => 'nova', 'charset' => 'utf8' }) }
notify { 'ip6': message => normalize_ip_for_uri('::1') }
notify { 'ip6s': message => normalize_ip_for_uri(['fe80::1', '10.0.0.1']) }
notify { 'url': message => os_transport_url({ 'transport' => 'rabbit', 'hosts' => ['h1', '::1'], 'port' => '5672', 'username' => 'u', 'password' => 'p', 'virtual_host' => 'vh', 'ssl' => '1' }) }
notify { 'strip': message => mysql::strip_hash({ 'a' => '', 'b' => 'x', 'c' => undef }) }
notify { 'esc': message => postgresql::postgresql_escape('it\'s') }
notify { 'svcdef': message => is_service_default('<SERVICE DEFAULT>') }
