class m {
  $top = 'class local'
  notify { 'env': message => m::env() }
}
