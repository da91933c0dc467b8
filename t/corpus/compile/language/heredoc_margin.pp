notify { 'a':
  message => @(END),
      indented
        more
    less
    | END
}
