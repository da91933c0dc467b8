notify { 'x':
  onchanges => Notify['nope'],
}
