wait_for { 'mysql up':
  query             => 'mysqladmin ping',
  regex             => 'mysqld is alive',
  polling_frequency => 2,
  max_retries       => 10,
}
