user { 'x':
  managehome => "a\tb",
}
