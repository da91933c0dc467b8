notice(upcase(/x/))
