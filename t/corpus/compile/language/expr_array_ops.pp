notify { 'concat': message => [1, 2] + [3] }
notify { 'concat_hash': message => [1] + { 'a' => 2 } }
notify { 'minus': message => [1, 2, 3, 2] - [2] }
notify { 'append': message => [1] << 2 }
notify { 'append_arr': message => [1] << [2] }
notify { 'merge': message => { 'a' => 1, 'b' => 2 } + { 'b' => 3, 'c' => 4 } }
notify { 'hminus': message => { 'a' => 1, 'b' => 2 } - ['a'] }
notify { 'splat': message => [0, *[1, 2], 3] }
