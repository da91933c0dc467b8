notify { 'x':
  message => inline_template('<%= "a" + 0.chr %>'),
}
