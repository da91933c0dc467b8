$v = 'val'
notify { 'a':
  message => @("EOT"/L),
    first ${v} \
    continued
      indented
    | EOT
}
