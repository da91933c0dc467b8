notify { 'x':
  message => generate('/usr/bin/printf', 'a\\0b'),
}
