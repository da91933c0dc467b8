notify { 'basic': message => grep(['aaa', 'bbb', 'ccc', 'aaaddd'], 'aaa') }
notify { 'regex': message => grep(['abc', 'ABC', 'x'], '^[a-z]') }
notify { 'nonstr': message => grep(['a1', 1, 'b'], '1') }
notify { 'nested': message => grep([['a'], 'a'], 'a') }
notify { 'regexp': message => grep(['abc', 'xyz'], /b/) }
