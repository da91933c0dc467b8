notify { 'a': }
Notify {
  message => 'declared after',
}
