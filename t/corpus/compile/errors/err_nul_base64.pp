notify { 'x':
  message => base64('decode', 'YQBi'),
}
