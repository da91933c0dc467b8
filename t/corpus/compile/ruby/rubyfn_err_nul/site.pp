notify { 'x':
  message => m::nul(),
}
