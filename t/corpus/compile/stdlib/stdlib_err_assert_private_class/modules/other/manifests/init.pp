class other {
  include priv::inner
}
