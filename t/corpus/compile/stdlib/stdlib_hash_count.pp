notify { 'hash': message => hash(['a', 1, 'b', 2]) }
notify { 'hash_nested': message => hash([["a", 1], ["b", [2]]]) }
notify { 'hash_empty': message => hash([]) }
notify { 'hash_dup': message => hash(['a', 1, 'a', 2]) }
notify { 'count': message => [count(['a', '', undef, 'b']), count(['a', 'b', 'a'], 'a'), count([1, 2, 1], 1), count({'a' => 1}), count('abc', 'b')] }
