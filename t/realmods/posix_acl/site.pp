posix_acl { '/srv/shared':
  action     => set,
  permission => ['user::rwx', 'group::rwx', 'other::r-x', 'user:deploy:rwx'],
  recursive  => false,
}
