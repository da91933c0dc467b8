user { 'alice':
  allowdupe => true,
  ensure    => [present, true],
}
