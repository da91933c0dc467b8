class a {
  notify { 'in_a': }
}
class b {
  notify { 'in_b': }
}
include a
include b
Class['a'] -> Class['b']
