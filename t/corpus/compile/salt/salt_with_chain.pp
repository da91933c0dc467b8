notify { 'a': }
notify { 'b':
  onchanges => Notify['a'],
}
Notify['a'] -> Notify['b']
