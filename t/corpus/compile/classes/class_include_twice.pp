class foo {
  notify { 'f': }
}
include foo
include foo
class bar {}
class { 'bar': }
include bar
