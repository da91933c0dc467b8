notify {
  default:
    message  => 'body default',
    loglevel => 'info';
  'a': ;
  'b':
    message => 'own';
}
