class a {
  include b
  notify { 'in a': }
}
