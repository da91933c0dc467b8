notice(Binary('aGk=', '%x'))
