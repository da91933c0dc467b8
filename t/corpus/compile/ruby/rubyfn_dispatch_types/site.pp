notify { 'i': message => m::kind(41) }
notify { 's': message => m::kind('abc') }
notify { 'a': message => m::kind([1, 2, 3]) }
notify { 'h': message => m::kind({ 'x' => 1, 'y' => 2 }) }
notify { 'two': message => m::kind(1, 2) }
notify { 'empty': message => m::kind('') }
notify { 'mixed': message => m::kind([1, 'b']) }
notify { 'bool': message => m::kind(true) }
