# versioncmp's third argument; join of nested and mixed arrays; flatten of several arguments; keys/values order
notify { 'vc': message => [versioncmp('1.0', '1.0.0'), versioncmp('1.0', '1.0.0', true), versioncmp('1.0.0', '1', true), versioncmp('a', 'B')] }
notify { 'join': message => join([1, [2, [3]], 'x', undef, true], '-') }
notify { 'join0': message => join(['a', 'b']) }
notify { 'flat': message => flatten(1, [2, [3, [4]]], [], 'x') }
notify { 'kv': message => [keys({ 'z' => 1, 'a' => 2 }), values({ 'z' => 1, 'a' => 2 })] }
