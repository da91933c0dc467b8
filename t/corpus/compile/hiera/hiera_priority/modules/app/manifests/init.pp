class app (
  $env_only = 'default',
  $both = 'default',
  $module_only = 'default',
  $nowhere = 'default wins',
  $undef_with_default = 'default beats undef data',
  Optional[String] $undef_no_default,
  $given = 'default',
  $given_undef = 'default',
) {
  notify { 'app':
    message => [$env_only, $both, $module_only, $nowhere, $undef_with_default, $undef_no_default, $given, $given_undef],
  }
}
