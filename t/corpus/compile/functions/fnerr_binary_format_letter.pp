notice(String(Binary('aGk='), '%d'))
