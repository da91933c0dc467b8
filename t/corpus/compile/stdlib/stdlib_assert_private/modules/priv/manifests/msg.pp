class priv::msg {
  assert_private('priv::msg is only for priv')
}
