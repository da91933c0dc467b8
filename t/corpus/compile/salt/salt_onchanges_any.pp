notify { 'a': }
notify { 'b': }
exec { 'after any':
  command       => '/bin/true',
  onchanges_any => [Notify['a'], Notify['b']],
}
