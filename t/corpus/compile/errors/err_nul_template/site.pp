notify { 'x':
  message => template('m/t.erb'),
}
