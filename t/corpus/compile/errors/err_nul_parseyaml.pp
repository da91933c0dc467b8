notify { 'x':
  message => parseyaml("k:\n  j: \"a\\0b\"\n"),
}
