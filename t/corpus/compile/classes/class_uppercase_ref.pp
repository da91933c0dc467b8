class foo {
  notify { 'f': }
}
include foo
notify { 'n':
  require => Class['Foo'],
  before  => Class['foo'],
}
