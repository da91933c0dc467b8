notify { 'a':
  message => @(END),
    text
}
