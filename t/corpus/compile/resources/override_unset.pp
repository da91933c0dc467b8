notify { 'a': }
Notify['a'] {
  message => 'added later',
}
