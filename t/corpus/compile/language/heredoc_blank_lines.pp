notify { 'a':
  message => @(END),
    para one

    para two
    | END
}
