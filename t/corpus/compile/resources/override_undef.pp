class base {
  notify { 'a': message => 'from base', loglevel => 'info' }
}
class sub inherits base {
  Notify['a'] {
    message => undef,
  }
}
include sub
