class c ($p = 'dflt', $q = 1) {
  notify { "p=${p} q=${q}": }
}
class { 'c':
  q => 2,
}
