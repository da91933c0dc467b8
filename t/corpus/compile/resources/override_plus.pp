class base {
  notify { 'a': require => Notify['x'] }
  notify { 'x': }
  notify { 'y': }
}
class sub inherits base {
  Notify['a'] {
    require +> Notify['y'],
  }
}
include sub
