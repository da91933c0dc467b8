notify { 'a':
  message => @(END),
    no trailing newline
    |- END
}
