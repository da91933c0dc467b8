class users {
  @notify { 'alice': }
  @notify { 'bob': }
}
include users
realize(Notify['bob'])
