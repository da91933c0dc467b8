# Functions of Debian's packaged Forge modules (found through --modulepath)
notify { 'mysql': message => mysql::password('secret') }
notify { 'mysql_empty': message => "[${mysql::password('')}]" }
notify { 'mysql_hashed': message => mysql::password('*6BB4837EB74329105EE4568DDA7DC67ED2CA2AD9') }
notify { 'pg': message => postgresql::postgresql_password('user', 'pw') }
notify { 'pg_int': message => postgresql::postgresql_password('u', 42) }
notify { 'pg_old': message => postgresql_password('user', 'pw') }
notify { 'svc_default': message => is_service_default('<SERVICE DEFAULT>') }
notify { 'svc_other': message => is_service_default('x') }
notify { 'svc_int': message => is_service_default(3) }
notify { 'translate': message => translate('Hello %{who}', { 'who' => 'world' }) }
notify { 'translate_plain': message => translate('plain') }
inifile::create_ini_settings({ 'main' => { 'a' => '1', 'b' => { 'value' => '2', 'ensure' => 'absent' } } }, { 'path' => '/tmp/mcomp-corpus/x.ini' })
