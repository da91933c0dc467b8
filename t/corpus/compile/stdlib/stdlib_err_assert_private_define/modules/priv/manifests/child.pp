# inherits: the caller module is the parent class's
class priv::child inherits priv::base {
  assert_private()
  notify { 'child ok': }
}
