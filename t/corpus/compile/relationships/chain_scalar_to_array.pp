notify { 'c':
  before => Notify['a'],
}
notify { 'a': }
notify { 'b': }
Notify['c'] -> Notify['b']
