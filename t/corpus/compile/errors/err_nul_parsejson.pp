notify { 'x':
  message => parsejson('{"k": ["a\\u0000b"]}', 'dflt'),
}
