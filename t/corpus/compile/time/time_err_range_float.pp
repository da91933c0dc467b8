notify { 'x':
  message => String(Timestamp(1e30)),
}
