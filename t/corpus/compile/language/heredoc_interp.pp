$name_v = 'world'
notify { 'a':
  message => @("END"),
    hello ${name_v}
    $name_v again
    | END
}
