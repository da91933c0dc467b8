class base {
  $v = 'from base'
  notify { 'base': }
}
class sub inherits base {
  notify { 'sub': message => $v }
}
include sub
