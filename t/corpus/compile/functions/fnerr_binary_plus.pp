notice(Binary('aGk=') + 'x')
