notify { 'a': message => m::modern('x') }
notify { 'b': message => legacy_calls_modern() }
