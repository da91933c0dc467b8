class priv::base {
  notify { 'base': }
}
