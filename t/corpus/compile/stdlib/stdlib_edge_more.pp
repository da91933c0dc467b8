notify { 'count': message => [count('hello', 'lo'), count({'a' => 1, 'b' => 2}, ['a', 1]), count([1, 1.0, '1'], 1), count([[], {}, '', undef, 0])] }
notify { 'grep': message => [grep({'a' => 'b'}, 'a'), grep(['a.c', 'abc'], 'a\.c')] }
notify { 'is_string': message => [is_string('1e5'), is_string('1.0e+20'), is_string('+1'), is_string('0'), is_string('-0'), is_string('0.0'), is_string(' 1'), is_string('1 ')] }
notify { 'hash': message => [hash([1, 2, 1.0, 3]), hash([['a'], ['b']])] }
notify { 'join_kv': message => join_keys_to_values({'a' => [undef, 'undef'], 'b' => [[1, [2]]], 'c' => /x/}, '=') }
notify { 'uriescape': message => uriescape("tab\there\nnl") }
notify { 'fqdn_rotate_seeds': message => [fqdn_rotate([1, 2, 3], ['x', 'y']), fqdn_rotate('ab', undef), fqdn_rotate([1, 2, 3, 4], 1, 2)] }
notify { 'base64': message => [base64('decode', 'YQ'), base64('decode', 'Y'), base64('decode', 'YWJj=ZGVm'), base64('encode', 'a', 'urlsafe')] }
notify { 'num2bool': message => [num2bool('-1'), num2bool('0.999'), num2bool(' 2 '), num2bool('1_000')] }
notify { 'any2bool': message => [any2bool('true'), any2bool('f'), any2bool('-1'), any2bool(default)] }
notify { 'dig44': message => [dig44({'a' => [1, 2]}, ['a', -1]), dig44({'a' => [1, 2]}, ['a', '1']), dig44({'a' => false}, ['a'], 'd'), dig44({1 => 'one'}, [1])] }
notify { 'squeeze': message => [squeeze('  a  b  '), squeeze(['aa', 'bb']), squeeze('aabbcc', 'a-b')] }
notify { 'to_bytes': message => [to_bytes('1 k'), to_bytes('1kB'), to_bytes('-2M'), to_bytes('.5G')] }
notify { 'shell_split': message => [shell_split("a\\"), shell_split("'' x"), shell_split('"a\\b"'), shell_split(42)] }
notify { 'validate_legacy_str': message => [validate_legacy('Enum["a", "b"]', 'validate_re', 'a', '^[ab]$'), validate_legacy('Pattern[/^x/]', 'validate_string', 'xy')] }
