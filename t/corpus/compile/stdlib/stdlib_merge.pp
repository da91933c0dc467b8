notify { 'm_two': message => merge({'one' => 1, 'two' => 2}, {'two' => 'dos', 'three' => 'tres'}) }
notify { 'm_skips': message => merge({'a' => 1}, undef, '', {'b' => 2}) }
notify { 'm_one': message => merge({}) }
notify { 'm_none': message => merge() }
notify { 'm_order': message => merge({'a' => 1, 'b' => 2}, {'a' => 3}).keys }
# the block forms: the accumulator and each element (and its index)
notify { 'm_block2': message => merge(['a', 'b']) |$acc, $v| { { $v => 1 } } }
notify { 'm_block3': message => merge(['a', 'b']) |$acc, $i, $v| { { $v => $i } } }
notify { 'm_hash3': message => merge({'x' => 1, 'y' => 2}) |$acc, $k, $v| { { "${k}2" => $v + $acc.length } } }
notify { 'm_hash2': message => merge({'x' => 1, 'y' => 2}) |$acc, $kv| { { $kv[0] => 'z' } } }
notify { 'm_not_hash': message => merge(['a', 'b']) |$acc, $v| { if $v == 'a' { 'ignored' } else { { $v => 2 } } } }
notify { 'm_string': message => merge('ab') |$acc, $v| { { $v => 1 } } }
notify { 'm_integer': message => merge(2) |$acc, $v| { { "k${v}" => $v } } }
