$pkg = $facts['os']['family'] ? {
  'RedHat' => 'httpd',
  'Debian' => 'apache2',
}
notify { 'a': message => $pkg }
