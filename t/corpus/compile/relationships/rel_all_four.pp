notify { 'a': }
notify { 'b': }
notify { 'c':
  require   => Notify['a'],
  before    => Notify['d'],
  subscribe => Notify['b'],
  notify    => Notify['d'],
}
notify { 'd': }
