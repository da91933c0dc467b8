notify { 'a':
  tag => ['Foo', 'bar::baz'],
}
notify { 'b':
  tag => 'single',
}
