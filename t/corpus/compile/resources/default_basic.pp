Notify {
  message => 'default message',
}
notify { 'a': }
notify { 'b': message => 'own' }
