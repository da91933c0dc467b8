class foo {
  notify { 'in_foo': }
}
notify { 'before': }
include foo
notify { 'after': }
