define dt () {
  notify { "n_${title}": }
}
dt { 'x': noop => true }
class foo {
  notify { 'in_foo': }
}
class { 'foo': noop => true }
