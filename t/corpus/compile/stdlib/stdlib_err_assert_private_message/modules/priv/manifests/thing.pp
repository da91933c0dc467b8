define priv::thing {
  assert_private()
  notify { "thing ${title}": }
}
