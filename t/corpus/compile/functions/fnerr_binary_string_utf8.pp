notice(String(Binary([255]), '%s'))
