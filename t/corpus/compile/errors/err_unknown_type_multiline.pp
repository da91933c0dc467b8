notify { 'a': }
nosuchtype {
  'x':
    p => 1;
}
