class b {
  notify { 'in b': }
}
