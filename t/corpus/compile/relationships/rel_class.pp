class base {
  notify { 'in_base': }
}
include base
notify { 'a':
  require => Class['base'],
}
notify { 'b':
  subscribe => Class['Base'],
  notify    => Notify['a'],
}
