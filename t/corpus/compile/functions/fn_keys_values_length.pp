$h = { 'x' => 1, 'y' => 2 }
notify { 'keys': message => keys($h) }
notify { 'values': message => values($h) }
notify { 'length_h': message => length($h) }
notify { 'length_a': message => length([1, 2, 3]) }
notify { 'length_s': message => length('hello') }
notify { 'empty_a': message => empty([]) }
notify { 'empty_s': message => empty('') }
notify { 'empty_h': message => empty({ 'a' => 1 }) }
