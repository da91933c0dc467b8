notify { 'a':
  require_in => Notify['t'],
}
notify { 'b':
  watch_in => Notify['t'],
}
notify { 'c':
  onchanges_in => Notify['t'],
}
notify { 'd':
  onfail_in => [Notify['t']],
}
notify { 'e':
  prereq_in => Notify['t'],
}
notify { 't': }
