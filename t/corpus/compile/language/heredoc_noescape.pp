notify { 'a':
  message => @(END),
    literal \n and \t and $x
    | END
}
