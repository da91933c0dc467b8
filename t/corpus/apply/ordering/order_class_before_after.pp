class foo {
  notify { 'f1': }
  notify { 'f2': }
}
include foo
notify { 'm1': }
notify { 'bf': before => Class['foo'] }
notify { 'af': require => Class['foo'] }
notify { 'm2': }
