notify { 'a':
  message => @("END"/tn),
    tab:\there
    nl:\n!
    dollar:\$ backslash:\\
    | END
}
