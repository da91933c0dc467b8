class c {
  notify { 'in_c': }
}
class { 'c':
  tag => 'ctag',
}
