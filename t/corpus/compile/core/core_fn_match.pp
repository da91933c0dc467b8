notify { 'match':
  message => [
    'abc123'.match(/([a-z]+)(\d+)/), 'abc'.match(/x/), 'abc'.match('b(c)?(d)?'),
    ['a1', 'b', 'c3'].match(/\w(\d)/), 'foo'.match([/x/, /o+/]),
    'Foo'.match(Pattern[/^f/, /^F(o)/]), 'bar'.match(Regexp[/a/]), 'ab'.match(Pattern[/z/]),
  ],
}
