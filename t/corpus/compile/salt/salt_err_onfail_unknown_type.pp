notify { 'x':
  onfail => Nosuchtype['y'],
}
