class priv {
  include priv::inner
  priv::thing { 'x': }
  [1].each |$i| { priv::thing { "y${i}": } }
}
