notify { 'a':
  message  => @(ONE),
    first
    | ONE
  loglevel => 'info',
}
notify { 'b': message => @(TWO) }
  second
  | TWO
