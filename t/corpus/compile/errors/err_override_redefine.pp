notify { 'a': message => 'one' }
Notify['a'] {
  message => 'two',
}
