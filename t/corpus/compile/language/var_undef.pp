notify { 'a':
  message => "[${nosuch}]",
}
notify { 'b':
  message => $nosuch,
}
