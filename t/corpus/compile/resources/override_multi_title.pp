notify { 'a': }
notify { 'b': }
Notify['a', 'b'] {
  message => 'both',
}
