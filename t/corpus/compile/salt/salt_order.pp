notify { 'a':
  order => 2,
}
notify { 'b':
  order => 'first',
}
notify { 'c':
  order => 'last',
}
notify { 'd':
  order => -1,
}
notify { 'e': }
