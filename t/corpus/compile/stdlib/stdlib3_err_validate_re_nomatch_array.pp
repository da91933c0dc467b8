validate_re("a\"bc", ['^b', /x/])
