notify { 'a':
  message => @(END:json),
    {"k": "v"}
    | END
}
