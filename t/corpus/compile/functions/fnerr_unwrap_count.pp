notice(unwrap('a', 'b'))
