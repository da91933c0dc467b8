define dt() { notify { "dt_${title}": } }
class sub { notify { 'sub_n': } }
class floating { notify { 'floating_n': } }
class foo {
  notify { 'foo_n': }
  dt { 'in_foo': }
  contain sub
  include floating
}
notify { 'first': }
notify { 'x': before => Class['foo'] }
include foo
notify { 'y': require => Class['foo'] }
