class profile::base {
  notify { 'base profile': }
}
