$h = { 'a' => { 'b' => [10, 20] } }
notify { 'a': message => $h.dig('a', 'b', 1) }
notify { 'b': message => $h.dig('x', 'y') }
