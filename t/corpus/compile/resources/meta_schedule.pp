schedule { 'nightly':
  period => daily,
  range  => '2 - 4',
}
notify { 'a':
  schedule => 'nightly',
}
