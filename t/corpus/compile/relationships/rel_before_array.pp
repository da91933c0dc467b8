notify { 'a':
  before => [Notify['b'], Notify['c']],
}
notify { 'b': }
notify { 'c': }
