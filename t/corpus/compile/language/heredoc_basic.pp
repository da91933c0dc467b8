notify { 'a':
  message => @(END),
    line one
      line two
    END
}
