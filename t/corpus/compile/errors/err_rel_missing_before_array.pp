notify { 'x':
  before => [Notify['nope1'], Notify['nope2']],
}
