$v = 'V'
notify { 'a':
  message => @("END"/$),
    a \$v b $v
    | END
}
