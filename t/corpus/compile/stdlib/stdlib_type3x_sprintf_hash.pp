notify { 'type3x': message => [type3x('a'), type3x('1'), type3x('1.5'), type3x('01'), type3x(1), type3x(1.5), type3x(true), type3x([]), type3x({}), type3x(undef)] }
notify { 'sprintf_hash': message => sprintf_hash('%<a>s is %<b>05.1f', {'a' => 'x', 'b' => 2.25}) }
