notice(regsubst('abc', /b/, 'x', 'I'))
