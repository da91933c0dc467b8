mysql_user { 'app@localhost': password_hash => '*AAAA', provider => mysql }
mysql_grant { 'app@localhost/app.*':
  user       => 'app@localhost',
  table      => 'app.*',
  privileges => ['SELECT', 'INSERT'],
}
mysql_database { 'app': charset => 'utf8mb4' }
