notify { 'camelcase':
  message => [camelcase('hello_world'), camelcase('_a__bC_d_'), camelcase('ABC_def'), camelcase(''),
              camelcase(['snake_case', 'x']), camelcase(3.5), 'été_über'.camelcase],
}
notify { 'chop':
  message => [chop('abc'), chop("ab\r\n"), chop("ab\n"), chop(''), chop('é'), chop(['xy', 'ab']), 'a'.chop],
}
