$y = 1 ? {
  1 => [1].map |$x| {
    'forgotten'
    $x
  },
  default => 0,
}
notify { 'a': message => $y }
