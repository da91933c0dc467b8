class priv::inner {
  assert_private()
  notify { 'inner ok': }
}
