notice(abs('12a'))
