class c {
  notify { 'in_c': }
}
class { 'c':
  loglevel => 'info',
  noop     => true,
  tag      => 't',
}
