notify { 'cat': message => [Binary('aGk=') + Binary('IQ=='), String(Binary('aGk=') + Binary(''), '%s')] }
