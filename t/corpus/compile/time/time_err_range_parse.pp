notify { 'x':
  message => String(Timespan('99999999999999999999999-00:00:00', '%D-%H:%M:%S')),
}
