class c ($p = 1) {}
class { 'c':
  nope => 2,
}
