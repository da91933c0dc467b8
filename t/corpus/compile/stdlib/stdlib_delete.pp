notify { 'd_array': message => delete(['a', 'b', 'c', 'b'], 'b') }
notify { 'd_hash_keys': message => delete({'a' => 1, 'b' => 2, 'c' => 3}, ['b', 'c']) }
notify { 'd_string': message => delete('abracadabra', 'bra') }
notify { 'd_case': message => delete(['a', 'B'], 'b') }
notify { 'd_int': message => delete([1, '1', 2, 1.0], 1) }
notify { 'd_literal_dot': message => delete('a.b.c', '.') }
notify { 'd_empty_string': message => delete([undef, 'a', ''], '') }
notify { 'd_absent_key': message => delete({'a' => 1}, 'x') }
notify { 'd_nested': message => delete([[1], 2], [[1]]) }
notify { 'd_nothing': message => String(delete(1, [])) }
notify { 'da': message => delete_at(['a', 'b', 'c'], 1) }
notify { 'da_string_index': message => delete_at(['a', 'b', 'c'], '2') }
notify { 'da_negative': message => delete_at(['a', 'b', 'c'], -1) }
notify { 'da_float': message => delete_at(['a', 'b', 'c'], 1.7) }
notify { 'du_hash': message => delete_undef_values({'a' => 'A', 'b' => '', 'c' => undef, 'd' => false}) }
notify { 'du_array': message => delete_undef_values(['A', '', undef, false, [undef]]) }
