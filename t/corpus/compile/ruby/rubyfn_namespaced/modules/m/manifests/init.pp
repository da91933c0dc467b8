class m {
  notify { 'in m': message => m::twice(21) }
}
