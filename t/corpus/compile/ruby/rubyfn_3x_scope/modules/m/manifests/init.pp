class m {
  $cvar = 'class var'
  $local = 'in class m'
  notify { 'info': message => scope_info() }
}
